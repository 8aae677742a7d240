import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// One runner for every workspace. `npm run test:server` runs the projects that touch the database, which CI
// repeats against PostgreSQL with TEST_DATABASE_URL set.
// CI asks for a JSON report beside the usual output (TEST_REPORT_DIR), to print the slowest files (scripts/ci).
const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    // Vitest's default keeps a core for itself, which on a 2-core machine runs the files one at a time; the server
    // files spend much of their time waiting on sockets, jobs and child processes. One per core: the unit suite took
    // 274 s instead of 440 s on this 2-core machine (and 271 s with three).
    maxWorkers: availableParallelism(),
    // Every project runs its files one after another in the same worker process (`isolate: false` below): each file
    // otherwise imports the server stack, React or jsdom anew, which cost more than the tests (unit suite 362 → 223 s
    // on this 2-core machine). A file leaves nothing behind: its servers, databases and fakes close in afterAll, faked
    // timers and stubbed globals are restored after each test, and no module keeps state between files (they pass
    // in any file order: `--sequence.shuffle.files`).
    ...(reportDir && { reporters: ['default', ['json', { outputFile: `${reportDir}/vitest.json` }]] }),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node', isolate: false } },
      // A file's database is copied from a template in its beforeAll: well under a second alone, but past Vitest's
      // default 10 s on a 2-core machine shared with a type check and other suites (11 files failed so, once).
      { test: { name: 'db', root: 'packages/db', environment: 'node', hookTimeout: 30_000, isolate: false } },
      { test: { name: 'core', root: 'packages/core', environment: 'node', hookTimeout: 30_000, isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
          isolate: false,
          setupFiles: ['./src/testing/report-server-logs-on-failure.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          isolate: false,
          setupFiles: ['./src/testing/setup-tests.ts'],
        },
      },
    ],
  },
});
