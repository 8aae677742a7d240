import { describe, expect, it } from 'vitest';
import { createOfflinePostWriter } from './offline-post-writer.ts';
import type { PostBrief } from './post-brief.ts';

const brief = (overrides: Partial<PostBrief> = {}): PostBrief => ({
  agentName: 'Market Pulse',
  systemPrompt: 'You write about markets.',
  description: '',
  instruction: 'Write a tweet about AI',
  topic: 'rates',
  topics: ['rates'],
  samplePosts: [],
  qaPairs: [],
  dataSources: [],
  customContext: '',
  knowledge: [],
  maxChars: 280,
  model: 'gpt-4o',
  ...overrides,
});

describe('the offline writer', () => {
  it('told to avoid its only post about the topic, says something else from the context rather than repeat it', async () => {
    let state = 7;
    const writer = createOfflinePostWriter(() => (state = (state * 48271) % 2147483647) / 2147483647);
    const customContext =
      'Higher rates squeeze growth stocks first. Our readers are long-term investors who hold through cycles.';
    const avoid = [
      'Quick thought on rates:',
      'On rates today:',
      'Rates, in one line:',
      'Worth saying about rates:',
      'Rates check:',
    ].map((opener) => `${opener} Higher rates squeeze growth stocks first. #Rates`);
    const { text } = await writer.writePost(brief({ customContext, avoid }));
    expect(text).not.toContain('Higher rates squeeze growth stocks first.');
    expect(text).toMatch(
      /^(Quick thought on rates|On rates today|Rates, in one line|Worth saying about rates|Rates check):/,
    );
  });

  it('writes about the topic from the custom context, with the hashtags the sample posts use', async () => {
    const writer = createOfflinePostWriter(() => 0);
    const { text, model } = await writer.writePost(
      brief({
        customContext:
          'We cover central banks. Higher rates squeeze growth stocks first. Our readers are long-term investors.',
        samplePosts: ['Fed day again. #MacroMonday'],
      }),
    );
    expect(model).toBe('offline-writer');
    expect(text).toContain('Higher rates squeeze growth stocks first.');
    expect(text).toMatch(/#MacroMonday$/);
    expect(text.length).toBeLessThanOrEqual(280);
  });

  it('prefers a knowledge passage about the topic', async () => {
    const writer = createOfflinePostWriter(() => 0);
    const { text } = await writer.writePost(
      brief({
        knowledge: [
          {
            text: 'Unrelated line about gardening and tomatoes. Rates moved twice this quarter in our data.',
            source: 'q3.pdf p. 2',
          },
        ],
      }),
    );
    expect(text).toContain('Rates moved twice this quarter in our data.');
  });

  it('says something on the topic even with nothing to draw on, and keeps within the limit', async () => {
    for (const value of [0, 0.3, 0.6, 0.99]) {
      const { text } = await createOfflinePostWriter(() => value).writePost(brief({ topic: 'developer tools' }));
      expect(text.toLowerCase()).toContain('developer tools');
      expect(text).toContain('#DeveloperTools');
      expect(text.length).toBeLessThanOrEqual(280);
    }
  });
});
