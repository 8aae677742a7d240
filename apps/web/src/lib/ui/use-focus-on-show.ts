import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus to an element when it appears (or when `key` changes), so a keyboard or screen-reader user
 * lands on the new content rather than on the page's start (issue 41 §8). The element needs tabIndex={-1} unless it
 * is a control. With `returnFocus`, focus goes back to where it was when the element goes away, if it was still
 * inside: a banner that clears itself does not leave focus on nothing. With `scrollToStart`, the element is scrolled
 * to the top of the view (below any sticky bar: the page's scroll-padding), so the first field of a form opened
 * below banners and tabs is in sight on a phone.
 */
export const useFocusOnShow = <T extends HTMLElement>({
  when = true,
  key,
  returnFocus = false,
  scrollToStart = false,
}: { when?: boolean; key?: unknown; returnFocus?: boolean; scrollToStart?: boolean } = {}) => {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!when || !element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.focus({ preventScroll: scrollToStart });
    if (scrollToStart) element.scrollIntoView({ block: 'start' });
    if (!returnFocus) return;
    return () => {
      const focusWasInside =
        !document.activeElement || document.activeElement === document.body || element.contains(document.activeElement);
      if (focusWasInside && before?.isConnected && !before.matches(':disabled')) before.focus();
    };
  }, [when, key, returnFocus, scrollToStart]);
  return ref;
};
