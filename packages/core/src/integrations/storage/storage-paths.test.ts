import { describe, expect, it } from 'vitest';
import { assertSafeStoragePath } from './storage-driver.ts';
import { agentImagePath, contextFilePath, trainingFilePath } from './storage-paths.ts';

// Timestamps are unique across the whole process, so each test starts from a time no earlier test has reached.
let hoursAhead = 0;
const freshTime = () => Date.now() + 3_600_000 * ++hoursAhead;

const timestampOf = (path: string) => Number(path.match(/_(\d+)(?:_context)?\.[a-z]+$/)?.[1]);

describe('storage paths', () => {
  it('follow the spec formats and are safe storage paths', () => {
    const now = freshTime();
    const paths = [
      agentImagePath('user_1-A', 'png', now),
      trainingFilePath('user_1-A', now + 10),
      contextFilePath('user_1-A', now + 20),
    ];

    expect(paths).toEqual([
      `agent-images/user_1-A_${now}.png`,
      `user_1-A_${now + 10}.pdf`,
      `user_1-A_${now + 20}_context.txt`,
    ]);
    for (const path of paths) expect(() => assertSafeStoragePath(path)).not.toThrow();
  });

  it('use the current time in milliseconds by default', () => {
    const before = Date.now();
    expect(timestampOf(trainingFilePath('u1'))).toBeGreaterThanOrEqual(before);
  });

  it('never repeat a timestamp, even for calls in the same millisecond', () => {
    const now = freshTime();
    const sameMillisecond = [trainingFilePath('u1', now), contextFilePath('u1', now), agentImagePath('u1', 'jpg', now)];
    expect(sameMillisecond.map(timestampOf)).toEqual([now, now + 1, now + 2]);

    const timestamps = Array.from({ length: 1000 }, () => timestampOf(agentImagePath('u1', 'webp')));
    for (let index = 1; index < timestamps.length; index++) {
      expect(timestamps[index]).toBeGreaterThan(timestamps[index - 1] as number);
    }
  });

  it('refuse a user id that could change the path', () => {
    for (const workspaceId of ['', '../u1', 'a/b', 'a.b', 'a b', 'ü']) {
      expect(() => agentImagePath(workspaceId, 'png')).toThrow(/user id/);
      expect(() => trainingFilePath(workspaceId)).toThrow(/user id/);
      expect(() => contextFilePath(workspaceId)).toThrow(/user id/);
    }
  });
});
