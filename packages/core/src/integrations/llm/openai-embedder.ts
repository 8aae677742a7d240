import type OpenAI from 'openai';
import { LlmError } from './llm-provider.ts';

/**
 * Turns texts into vectors (one per text, same order). `key` names the model and the vector size: stored vectors
 * are only compared with vectors of the same key.
 */
export type Embedder = { key: string; embed: (texts: string[]) => Promise<number[][]> };

export type OpenAiEmbedderOptions = {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Asked of models that can shorten their vectors (text-embedding-3-*); smaller vectors search faster. */
  dimensions?: number;
  timeoutMs: number;
  maxRetries: number;
};

/** An OpenAI-compatible /embeddings endpoint, with the SDK's timeout and retries. */
export const createOpenAiEmbedder = ({
  apiKey,
  baseURL,
  model,
  dimensions,
  timeoutMs,
  maxRetries,
}: OpenAiEmbedderOptions): Embedder => {
  // The SDK is loaded with the first text to embed, not at start-up (about 25 MB and 0.2 s).
  let client: Promise<OpenAI> | undefined;
  const load = () =>
    (client ??= import('openai').then(
      ({ default: OpenAI }) => new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries }),
    ));
  return {
    key: dimensions ? `${model}/${dimensions}` : model,
    embed: async (texts) => {
      if (texts.length === 0) return [];
      try {
        const result = await (
          await load()
        ).embeddings.create({ model, input: texts, ...(dimensions ? { dimensions } : {}) });
        return [...result.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      } catch (error) {
        throw new LlmError(
          `The embeddings endpoint failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
  };
};
