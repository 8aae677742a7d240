import { useEffect } from 'react';

/**
 * The page's scroll-padding keeps room for its sticky bars (the form's section bar, its Create Agent bar), but
 * Chromium scrolls a focused text field only far enough to show its caret, which can leave the field under the bar
 * at the bottom (issue 41 §8). After each focus move, a control that reaches into the padded edges is scrolled into
 * the room between them.
 */
const CONTROLS = 'input, textarea, select, button, a[href], summary';

/** A control in a sticky or fixed bar (the section links, the skip link) stays where it is whatever the scroll. */
const isInABar = (element: HTMLElement) => {
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    const { position } = getComputedStyle(node);
    if (position === 'sticky' || position === 'fixed') return true;
  }
  return false;
};

export const useKeepFocusInSight = () => {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      // Controls only: a section or title given focus by a link or a screen opening is scrolled into place by that
      // (smoothly: measuring it mid-scroll and scrolling again would stop it short).
      if (!(target instanceof HTMLElement) || !target.matches(CONTROLS)) return;
      // After the browser's own scroll for the focus, so this one has the last word.
      requestAnimationFrame(() => {
        if (document.activeElement !== target || isInABar(target)) return;
        const root = getComputedStyle(document.documentElement);
        const top = parseFloat(root.scrollPaddingTop) || 0;
        const bottom = window.innerHeight - (parseFloat(root.scrollPaddingBottom) || 0);
        const box = target.getBoundingClientRect();
        // A whole section given focus by its link is taller than the room, and its link put its top in place.
        if (box.height > bottom - top) return;
        if (box.top < top - 1 || box.bottom > bottom + 1) target.scrollIntoView({ block: 'nearest' });
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
};
