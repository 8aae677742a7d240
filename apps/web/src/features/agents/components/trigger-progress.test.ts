import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import type { RunProgress } from '@agentcast/contracts/terminal';
import { progressItems, progressLabel } from './trigger-progress.tsx';

const run = 'r1';
const steps: RunProgress[] = [
  { agent_id: 'a1', run_id: run, step: 'writing' },
  { agent_id: 'a1', run_id: run, step: 'publishing', platform: 'x' },
];
const texts = (items: { text: string; mark: string }[]) => items.map(({ text, mark }) => `${mark}: ${text}`);

describe('progressLabel', () => {
  it('names each step of a trigger in plain words, publishing by its platform', () => {
    expect(progressLabel({ step: 'writing' })).toBe('Writing the post');
    expect(progressLabel({ step: 'media' })).toBe('Making the media');
    expect(progressLabel({ step: 'publishing', platform: 'x' })).toBe('Publishing to X');
    expect(progressLabel({ step: 'publishing', platform: 'linkedin' })).toBe('Publishing to LinkedIn');
  });
});

describe('progressItems', () => {
  it('marks the step under way as current, and earlier ones done', () => {
    expect(texts(progressItems(steps, true))).toEqual(['done: Writing the post', 'current: Publishing to X…']);
  });

  it('never marks publishing done: it waits for the outcome, then says where the post stands', () => {
    expect(texts(progressItems(steps, false))).toEqual(['done: Writing the post', 'waiting: Publishing to X…']);
    expect(
      texts(
        progressItems(steps, false, [
          { platform: 'terminal', status: 'posted' },
          { platform: 'x', status: 'posted' },
        ]),
      ),
    ).toEqual(['done: Writing the post', 'done: Posted to X']);
    const notConnected = { platform: 'x', status: 'failed' as const, error: PUBLISHING_MESSAGES.notConnected('x') };
    expect(texts(progressItems(steps, false, [notConnected]))).toEqual([
      'done: Writing the post',
      'problem: Not posted — X is not connected',
    ]);
    expect(texts(progressItems(steps, false, [{ platform: 'x', status: 'ready' }]))).toEqual([
      'done: Writing the post',
      'waiting: Going out to X',
    ]);
  });
});
