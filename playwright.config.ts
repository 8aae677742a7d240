import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (Playwright cannot download its own browser here). The global setup runs
 * the built server (`npm run build` first; `npm run test:e2e` does both), one per worker on its own data directory,
 * with mail going to a loopback SMTP sink.
 */
// Debian's chromium-headless-shell is the headless build Playwright itself prefers: the browser tests ran 15% faster
// in it than in the full browser, and with traces off another 25% (E2E_TRACE=1 keeps a failed test's trace).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const firstPort = Number(process.env.E2E_PORT ?? 4310);
// Worker n talks to the main server on E2E_PORT + n. Playwright loads this file again in each worker process, where
// TEST_PARALLEL_INDEX (0 … workers - 1) names the worker; the global setup, which has none, starts every one.
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export default defineConfig({
  testDir: 'apps/web/e2e',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  fullyParallel: true,
  // One more worker than this 2-core machine has cores: a test spends part of its time waiting on the app's own
  // timings (the spec's 2 s before the board returns, the fake model's 600 ms), which a third worker fills. The
  // browser tests took 474 s with two, 408 s with three and 408 s with four; each test 28% longer with three.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    // CI asks for a JSON report too (TEST_REPORT_DIR), to print the slowest tests (scripts/ci/slowest-tests.mjs).
    ...(process.env.TEST_REPORT_DIR
      ? [['json', { outputFile: `${process.env.TEST_REPORT_DIR}/playwright.json` }] as const]
      : []),
  ],
  timeout: 30_000,
  // An answer that waits on the embedded database while the agents' runs use it, with the other worker's browser and
  // server on the same two cores, can take over 5 s on a loaded CI machine (a calendar skip did, once); a real failure
  // still fails, 5 s later.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // As a person who asked their system for less motion: scrolls jump instead of gliding, so a click never lands
    // while the page still moves under it (a Create Agent click once did nothing on a loaded CI machine).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
