// Prints the 10 slowest test files of Vitest and the 10 slowest browser tests of Playwright from the JSON reports
// CI asks for (TEST_REPORT_DIR), so a suite that grows slow is seen the day it does (issue 31 §1).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? process.env.TEST_REPORT_DIR;
if (!dir) throw new Error('Usage: node scripts/ci/slowest-tests.mjs <report directory>');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const print = (title, rows) => {
  console.log(`\n${title}`);
  for (const { ms, name } of rows.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${seconds(ms)}  ${name}`);
};

const vitest = join(dir, 'vitest.json');
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  const wall = Math.max(...report.testResults.map((file) => file.endTime)) - report.startTime;
  console.log(`\nVitest: ${report.numTotalTests} tests in ${report.testResults.length} files, ${seconds(wall).trim()}`);
  print(
    'Slowest test files (Vitest, wall time of each file):',
    report.testResults.map((file) => ({ ms: file.endTime - file.startTime, name: relative(process.cwd(), file.name) })),
  );
}

const playwright = join(dir, 'playwright.json');
if (existsSync(playwright)) {
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  const rows = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        rows.push({
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
          name: `${spec.file}: ${[...path, spec.title].join(' › ')}`,
        });
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path);
  };
  for (const suite of report.suites) walk(suite, []);
  console.log(`\nPlaywright: ${rows.length} tests, ${seconds(report.stats.duration).trim()}`);
  print('Slowest browser tests (Playwright):', rows);
}
