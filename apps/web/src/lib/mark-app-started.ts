/**
 * Marks the page as taken over by React (its listeners attached; React replays a click made while it hydrates): what
 * browser tests wait for before clicking (e2e/support/app-started.ts). Until then a click on a prerendered page
 * reaches plain HTML and does nothing.
 */
export const markAppStarted = () => {
  document.documentElement.dataset.appStarted = '';
};
