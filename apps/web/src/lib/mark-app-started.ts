import { useEffect } from 'react';

/**
 * Marks the page as taken over by React: what browser tests wait for before clicking (e2e/support/app-started.ts).
 * Set from an effect, so only once the tree has committed: hydrateRoot returns before it has hydrated anything, and a
 * Login click in that gap submitted the prerendered form natively (a reload, the typed values gone).
 */
const markAppStarted = () => {
  document.documentElement.dataset.appStarted = '';
};

/**
 * Rendered inside each page's own Suspense boundary (app/app-routes.tsx) and last in the landing page's tree; renders
 * nothing, so a prerendered page's markup is unchanged.
 */
export const AppStartedMark = () => {
  useEffect(markAppStarted, []);
  return null;
};
