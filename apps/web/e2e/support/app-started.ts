import type { Page } from '@playwright/test';

/**
 * Waits until React has taken over the page: lib/mark-app-started.ts marks <html data-app-started> once the page
 * itself has committed, not only the layouts around it. A prerendered page (/login) shows its form before its script
 * runs; a click before then — the Sign Up tab, say — reaches plain HTML and does nothing, which a loaded machine makes
 * likely.
 */
export const waitForAppStarted = (page: Page) => page.locator('html[data-app-started]').waitFor({ state: 'attached' });
