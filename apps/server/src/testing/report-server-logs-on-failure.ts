import pino from 'pino';
import { beforeEach } from 'vitest';
import { openServerLogs } from './open-server-logs.ts';

const WARN = pino.levels.values.warn!;
const SHOWN_LINES = 40;

const isWarningOrWorse = (line: string) => {
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 0) >= WARN;
  } catch {
    return false;
  }
};

/**
 * A server test that fails prints the warnings and errors its test servers logged while it ran. A failure that only
 * CI's load brings out (a job retried, a queue that could not be reached) is otherwise reported only as an
 * expectation that timed out, and CI keeps no logs.
 */
beforeEach(({ onTestFailed }) => {
  const linesBefore = new Map([...openServerLogs].map((lines) => [lines, lines.length]));
  onTestFailed(() => {
    for (const lines of openServerLogs) {
      const said = lines
        .slice(linesBefore.get(lines) ?? 0)
        .filter(isWarningOrWorse)
        .slice(-SHOWN_LINES);
      if (said.length > 0) console.error(`Test server warnings and errors during this test:\n${said.join('')}`);
    }
  });
});
