type Option<Key extends string> = { key: Key; label: string };

type ToggleGroupProps<Key extends string> = {
  label: string;
  options: readonly Option<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
};

/** A row of toggle buttons, one pressed: the Calendar's Week/List and its week, the Analytics tab's period. */
export const ToggleGroup = <Key extends string>({ label, options, selected, onSelect }: ToggleGroupProps<Key>) => (
  <div role="group" aria-label={label} className="inline-flex rounded-lg border border-ink-600 bg-ink-950 p-0.5">
    {options.map((option) => (
      <button
        key={option.key}
        type="button"
        aria-pressed={option.key === selected}
        onClick={() => onSelect(option.key)}
        className={`rounded-md px-3 py-1.5 text-xs font-semibold transition-colors ${
          option.key === selected ? 'bg-ink-700 text-white' : 'text-slate-400 hover:text-white'
        }`}
      >
        {option.label}
      </button>
    ))}
  </div>
);
