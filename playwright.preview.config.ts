import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run preview:landing`: the landing page's product screenshots, taken of the real app (the built server, with
 * the loopback platforms of the browser tests) by apps/web/e2e/preview/*.capture.ts. The main server writes with
 * the offline writer, so every word in the pictures is the product's own, and runs on the Pro plan, so the demo
 * account's agents can all post.
 */
process.env.E2E_MAIN_SERVER_ENV = JSON.stringify({ OPENAI_API_KEY: null, OPENAI_BASE_URL: null, DEFAULT_PLAN: 'pro' });

export default defineConfig({
  ...base,
  testDir: 'apps/web/e2e/preview',
  testMatch: '*.capture.ts',
  workers: 1,
  timeout: 180_000,
});
