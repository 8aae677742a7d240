import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False in a prerendered page's markup and while the browser hydrates it, true in every render after: what a
 * prerendered page may only show once its script runs (a query string's notice, a deferred download).
 */
export const useIsHydrated = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
