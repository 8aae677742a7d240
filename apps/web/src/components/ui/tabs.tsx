import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<Key extends string> = { key: Key; label: ReactNode };

type TabsProps<Key extends string> = {
  items: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** The pointer entered a tab or it took focus, before any choice. */
  onIntent?: (key: Key) => void;
  label: string;
  children: ReactNode;
  className?: string;
};

/**
 * WAI-ARIA tabs: one tab in the tab order, arrow keys (and Home/End) move between tabs, the panel below is
 * labelled by the selected tab. The caller renders the selected panel's content as children.
 */
export const Tabs = <Key extends string>({
  items,
  selected,
  onSelect,
  onIntent,
  label,
  children,
  className = '',
}: TabsProps<Key>) => {
  const baseId = useId();
  const tabRefs = useRef(new Map<Key, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === selected);
    const nextIndex = {
      ArrowRight: (index + 1) % items.length,
      ArrowLeft: (index - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    }[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = items[nextIndex];
    if (!next) return;
    onSelect(next.key);
    tabRefs.current.get(next.key)?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(element) => {
                if (element) tabRefs.current.set(item.key, element);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.key)}
              onPointerEnter={() => onIntent?.(item.key)}
              onFocus={() => onIntent?.(item.key)}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${
                isSelected ? 'bg-brand-600 text-white' : 'bg-ink-800 text-slate-300 hover:text-white'
              }`}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        tabIndex={0}
        className="mt-6"
      >
        {children}
      </div>
    </div>
  );
};
