import OpenAI from 'openai';
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
  error: unknown,
  { model, baseURL, timeoutMs }: { model: string; baseURL: string; timeoutMs: number },
) => {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return `The language model did not answer within ${(timeoutMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s.`;
  }
  if (error instanceof OpenAI.APIConnectionError) return `Could not reach the language model at ${baseURL}.`;
  if (error instanceof OpenAI.AuthenticationError)
    return 'The language model refused the API key (check OPENAI_API_KEY).';
  if (error instanceof OpenAI.RateLimitError)
    return 'The language model is rate-limiting this server; try again in a minute.';
  if (error instanceof OpenAI.NotFoundError)
    return `The model "${model}" is not available at the language model endpoint.`;
  if (error instanceof OpenAI.APIError)
    return `The language model failed (${error.status ?? 'no status'}): ${error.message}`;
  return `The language model failed: ${error instanceof Error ? error.message : String(error)}`;
};

export const createOpenAiProvider = ({
  apiKey,
  baseURL,
  timeoutMs,
  maxRetries,
}: OpenAiProviderOptions): LlmProvider => {
  const client = new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries });
  return {
    generate: async ({ model, system, user, maxTokens }) => {
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
        throw new LlmError(explain(error, { model, baseURL: client.baseURL, timeoutMs }), { cause: error });
      }
      const text = completion.choices[0]?.message?.content?.trim() ?? '';
      if (!text) throw new LlmError('The language model answered with no text.');
      return { text, model: completion.model || model };
    },
  };
};
