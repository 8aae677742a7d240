import { describe, expect, it } from 'vitest';
import { describeAgentChanges } from './describe-agent-changes.ts';

const noFiles = { image: false, trainingFiles: false };
const credentials = (password: string) => ({ TWITTER_USERNAME: 'bot', TWITTER_PASSWORD: password });

describe('the audit log’s words for an agent’s edit', () => {
  it('names the settings whose value changed, not every field the form sent', () => {
    const before = { name: 'Daily AI', prompt: 'Be brief.', post_configuration: { topics: ['AI'] } };
    const after = { name: 'Daily AI', prompt: 'Be bold.', post_configuration: { topics: ['AI', 'Robots'] } };
    expect(describeAgentChanges({ before, after, files: noFiles })).toBe('Changed: prompt, post_configuration');
  });

  it('names changed credentials without showing them, and the files', () => {
    expect(
      describeAgentChanges({
        before: { name: 'A', twitter_credentials: credentials('old') },
        after: { name: 'A', twitter_credentials: credentials('new secret') },
        files: { image: true, trainingFiles: true },
      }),
    ).toBe('Changed: X credentials, image, training files');
  });

  it('says so when nothing changed, and ignores fields the agent did not have', () => {
    expect(
      describeAgentChanges({
        before: { name: 'A' },
        after: { name: 'A', review_before_posting: true },
        files: noFiles,
      }),
    ).toBe('Saved without changes');
  });
});
