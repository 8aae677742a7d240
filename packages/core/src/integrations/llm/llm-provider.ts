/** One request for text: the system prompt, the user's instruction, and how long the answer may be. */
export type LlmRequest = { model: string; system: string; user: string; maxTokens: number };

export type LlmAnswer = { text: string; model: string };

/** A chat-completion endpoint (see openai-provider.ts). */
export type LlmProvider = { generate: (request: LlmRequest) => Promise<LlmAnswer> };

/** A failure worth showing to the person as is: it says what went wrong and what to do. */
export class LlmError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LlmError';
  }
}
