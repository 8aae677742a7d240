import type OpenAI from 'openai';
import { LlmError, type LlmProvider } from './llm-provider.ts';

export type OpenAiProviderOptions = {
  apiKey: string;
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, OpenRouter …); the SDK's default otherwise. */
  baseURL?: string;
  timeoutMs: number;
  /** Retries after the first attempt on connection errors, timeouts, 408, 409, 429 and 5xx, with backoff. */
  maxRetries: number;
};

/** Turns the SDK's errors into sentences a person can act on. */
const explain = (
  sdk: typeof OpenAI,
  error: unknown,
  { model, baseURL, timeoutMs }: { model: string; baseURL: string; timeoutMs: number },
) => {
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return `The language model did not answer within ${(timeoutMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s.`;
  }
  if (error instanceof sdk.APIConnectionError) return `Could not reach the language model at ${baseURL}.`;
  if (error instanceof sdk.AuthenticationError) return 'The language model refused the API key (check OPENAI_API_KEY).';
  if (error instanceof sdk.RateLimitError)
    return 'The language model is rate-limiting this server; try again in a minute.';
  if (error instanceof sdk.NotFoundError)
    return `The model "${model}" is not available at the language model endpoint.`;
  if (error instanceof sdk.APIError)
    return `The language model failed (${error.status ?? 'no status'}): ${error.message}`;
  return `The language model failed: ${error instanceof Error ? error.message : String(error)}`;
};

export const createOpenAiProvider = ({
  apiKey,
  baseURL,
  timeoutMs,
  maxRetries,
}: OpenAiProviderOptions): LlmProvider => {
  // The SDK costs about 25 MB and 0.2 s to load: only when the first post is written, not at start-up.
  let loading: Promise<{ OpenAI: typeof OpenAI; client: OpenAI }> | undefined;
  const load = () =>
    (loading ??= import('openai').then(({ default: OpenAI }) => ({
      OpenAI,
      client: new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries }),
    })));
  return {
    generate: async ({ model, system, user, maxTokens }) => {
      const { OpenAI, client } = await load();
      let completion;
      try {
        completion = await client.chat.completions.create({
          model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          max_tokens: maxTokens,
          temperature: 0.8,
        });
      } catch (error) {
        throw new LlmError(explain(OpenAI, error, { model, baseURL: client.baseURL, timeoutMs }), { cause: error });
      }
      const text = completion.choices[0]?.message?.content?.trim() ?? '';
      if (!text) throw new LlmError('The language model answered with no text.');
      return { text, model: completion.model || model };
    },
  };
};
