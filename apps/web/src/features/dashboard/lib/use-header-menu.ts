import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The compact header's menu: it opens with its first item focused, and Escape, a click outside or focus leaving it
 * closes it. Escape hands focus back to the button, so a keyboard user is not left on a hidden item.
 */
export const useHeaderMenu = () => {
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>('a, button:not(:disabled)')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen]);

  const onPanelBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !panelRef.current?.contains(next) && !buttonRef.current?.contains(next)) setIsOpen(false);
  };

  return { isOpen, toggle: () => setIsOpen((open) => !open), close, buttonRef, panelRef, onPanelBlur };
};
