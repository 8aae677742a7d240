import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { createOpenAiProvider } from '../../../integrations/llm/openai-provider.ts';
import { createModelPostWriter } from './model-post-writer.ts';
import type { PostBrief } from './post-brief.ts';

let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());

const brief: PostBrief = {
  agentName: 'Market Pulse',
  systemPrompt: 'You write about markets.',
  description: '',
  instruction: 'Write a tweet about AI',
  topic: 'AI',
  topics: ['markets', 'AI'],
  samplePosts: [],
  qaPairs: [],
  dataSources: [],
  customContext: '',
  knowledge: [{ text: 'Inference prices fell 80% this year.', source: 'report.pdf p. 3' }],
  maxChars: 280,
  xThread: false,
  model: 'gpt-4o',
};

const writer = () =>
  createModelPostWriter(
    createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, timeoutMs: 5000, maxRetries: 0 }),
  );

describe('the model post writer', () => {
  it('asks once to shorten a post over the limit, and uses the shorter one', async () => {
    fake.enqueue({ content: 'Long '.repeat(100) }, { content: 'Short and sweet. #AI' });
    const before = fake.requests.length;

    const post = await writer().writePost(brief);

    expect(post.text).toBe('Short and sweet. #AI');
    expect(fake.requests.length - before).toBe(2);
    expect(fake.requests.at(-1)?.body.messages[1]?.content).toMatch(/^Shorten this post to at most 280 characters/);
  });

  it('cuts at a whole word when even the shortened post is too long', async () => {
    fake.enqueue({ content: 'word '.repeat(100) }, { content: 'still '.repeat(100) });
    const post = await writer().writePost(brief);
    expect(post.text.length).toBeLessThanOrEqual(280);
    expect(post.text).toMatch(/ still…$/);
  });

  it('puts the knowledge passages, with their sources, in the prompt', async () => {
    fake.enqueue({ content: 'Cheaper inference changes everything. #AI' });
    await writer().writePost(brief);
    expect(fake.requests.at(-1)?.body.messages[0]?.content).toContain(
      '[report.pdf p. 3] Inference prices fell 80% this year.',
    );
  });

  it('gives the model only the rules that apply: no thread rule, and no stray line for it, when not threading', async () => {
    fake.enqueue({ content: 'Cheaper inference changes everything. #AI' });
    await writer().writePost(brief);
    const system = String(fake.requests.at(-1)?.body.messages[0]?.content);
    expect(system).toContain('Rules:\n- Write exactly one post');
    expect(system).not.toMatch(/^false$/m);
    expect(system).not.toContain('thread');
  });

  it('reads a two-part meme caption', async () => {
    fake.enqueue({ content: 'TOP: When prices fall | BOTTOM: everyone ships' });
    expect(await writer().writeMemeCaption('A post', brief)).toEqual({
      top: 'When prices fall',
      bottom: 'everyone ships',
    });
  });

  it("asks once for the image's headline and takes it without quotes or hashtags", async () => {
    fake.enqueue({ content: '"Cheaper inference, faster teams" #AI' });
    const before = fake.requests.length;
    const headline = await writer().writeImageHeadline('Inference got cheaper again this year. #AI', brief);
    expect(headline).toBe('Cheaper inference, faster teams');
    expect(fake.requests.length - before).toBe(1);
    expect(fake.requests.at(-1)?.body.messages[1]?.content).toContain("not the post's first words");
  });

  it("replaces a headline that only repeats the post's opening with one about the topic", async () => {
    fake.enqueue({ content: 'Inference got cheaper again' });
    const headline = await writer().writeImageHeadline('Inference got cheaper again this year. #AI', brief);
    expect(headline.toLowerCase()).not.toContain('inference got cheaper');
    expect(headline).toMatch(/AI/);
  });
});
