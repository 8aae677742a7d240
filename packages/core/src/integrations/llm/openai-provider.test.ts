import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { LlmError } from './llm-provider.ts';
import { createOpenAiProvider } from './openai-provider.ts';

let fake: OpenAiFake;
beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());

const request = { model: 'gpt-4o', system: 'You write posts.', user: 'Write a tweet about AI', maxTokens: 120 };

describe('the OpenAI-compatible provider', () => {
  it('retries a 429 and a 503 with backoff, then answers', async () => {
    const provider = createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, timeoutMs: 5000, maxRetries: 2 });
    const before = fake.requests.length;
    fake.enqueue({ status: 429 }, { status: 503 }, { content: 'Third time lucky. #AI' });

    const answer = await provider.generate(request);

    expect(answer).toEqual({ text: 'Third time lucky. #AI', model: 'gpt-4o' });
    expect(fake.requests.length - before).toBe(3);
  });

  it.each([
    [{ status: 401 }, 'The language model refused the API key (check OPENAI_API_KEY).'],
    [{ status: 404 }, 'The model "gpt-4o" is not available at the language model endpoint.'],
    [{ content: '   ' }, 'The language model answered with no text.'],
  ])('explains a failure (%o) in words a person can act on', async (reply, message) => {
    const provider = createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, timeoutMs: 5000, maxRetries: 0 });
    fake.enqueue(reply);
    await expect(provider.generate(request)).rejects.toThrow(new LlmError(message));
  });

  it('gives up after its timeout', async () => {
    const provider = createOpenAiProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, timeoutMs: 200, maxRetries: 0 });
    fake.enqueue({ content: 'too late', delayMs: 1000 });
    await expect(provider.generate(request)).rejects.toThrow('The language model did not answer within 0.2 s.');
  });

  it('says where it could not connect', async () => {
    const provider = createOpenAiProvider({
      apiKey: 'sk-test',
      baseURL: 'http://127.0.0.1:9/v1',
      timeoutMs: 2000,
      maxRetries: 0,
    });
    await expect(provider.generate(request)).rejects.toThrow(
      'Could not reach the language model at http://127.0.0.1:9/v1.',
    );
  });
});
