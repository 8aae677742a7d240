import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type ChatRequest = { model: string; messages: ChatMessage[]; max_tokens?: number; temperature?: number };
export type FakeReply = { content?: string; status?: number; delayMs?: number };

/** Words the fake embeds alike, so tests can show meaning found where the words differ. */
const SYNONYMS: Record<string, string> = {
  automobile: 'car',
  vehicle: 'car',
  cars: 'car',
  revenue: 'money',
  income: 'money',
  earnings: 'money',
};
export const FAKE_EMBEDDING_DIMENSIONS = 512;

/** 53 words (a prime): see `fakeVariety`. */
const VARIETY_WORDS = (
  'agents benchmarks chips datasets evals forecasts gradients hardware inference journals kernels latency ' +
  'memory notebooks optimizers pipelines quantization robotics sensors tokens uptime vectors weights ' +
  'xenon yields zebras atlas beacon canyon delta ember fjord glacier harbor island jungle kayak lagoon meadow ' +
  'nebula orchard prairie quarry rapids summit tundra valley willow cobalt saffron marble lantern compass'
).split(' ');
/** Per position, how the request number's two base-53 digits pick its word; no two positions in the same ratio. */
const VARIETY_STEPS = [
  [1, 7],
  [2, 11],
  [3, 13],
  [5, 17],
  [7, 19],
] as const;

/**
 * Five words that differ from request to request ('{varied}' in a reply), so that a fake model's posts are as
 * distinct as a real model's and pass the near-duplicate guard. Two request numbers under 2,809 apart share at most
 * one word in the same place; the same number gives the same words.
 */
export const fakeVariety = (number: number) => {
  const low = number % VARIETY_WORDS.length;
  const high = Math.floor(number / VARIETY_WORDS.length) % VARIETY_WORDS.length;
  return VARIETY_STEPS.map(([a, b]) => VARIETY_WORDS[(low * a + high * b) % VARIETY_WORDS.length]!).join(' ');
};

/** A deterministic "meaning" vector: one dimension per (synonym-folded) word, hashed; normalised. */
export const fakeEmbedding = (text: string) => {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    const word = SYNONYMS[raw] ?? raw.replace(/s$/, '');
    let hash = 0;
    for (const character of word) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS] = (vector[hash % FAKE_EMBEDDING_DIMENSIONS] ?? 0) + 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
};

export type OpenAiFake = {
  /** For OPENAI_BASE_URL, e.g. http://127.0.0.1:5000/v1 */
  baseURL: string;
  /** Every chat completion request received, with its Authorization header. */
  requests: { body: ChatRequest; authorization: string | undefined }[];
  /** The inputs of every embeddings request. */
  embeddingRequests: { model: string; input: string[] }[];
  /** Queues the answers of the next requests; after them, `defaultReply` answers. */
  enqueue: (...replies: FakeReply[]) => void;
  /** How many enqueued answers are still waiting for a request. */
  queued: () => number;
  defaultReply: FakeReply;
  close: () => Promise<void>;
};

/**
 * A loopback OpenAI-compatible server: POST /v1/chat/completions answers with scripted content or errors, and
 * POST /v1/embeddings with deterministic vectors, in the API's own format; it records what it was asked, so tests
 * run the real `openai` client against it.
 */
/** `recordRequests: false` keeps no record of the chat requests (benchmarks: thousands of them, none inspected). */
export const startOpenAiFake = async ({
  recordRequests = true,
}: { recordRequests?: boolean } = {}): Promise<OpenAiFake> => {
  let answered = 0;
  const requests: OpenAiFake['requests'] = [];
  const embeddingRequests: OpenAiFake['embeddingRequests'] = [];
  const queue: FakeReply[] = [];
  const fake = { defaultReply: { content: 'A post written by the fake model on {varied}. #AI' } as FakeReply };

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url?.endsWith('/embeddings')) {
        const { model, input } = JSON.parse(raw) as { model: string; input: string | string[] };
        const inputs = Array.isArray(input) ? input : [input];
        embeddingRequests.push({ model, input: inputs });
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            object: 'list',
            model,
            data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
        return;
      }
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      if (recordRequests) requests.push({ body, authorization: request.headers.authorization });
      const number = ++answered;
      const reply = queue.shift() ?? fake.defaultReply;
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        if (reply.status && reply.status >= 400) {
          response
            .writeHead(reply.status)
            .end(JSON.stringify({ error: { message: `Fake failure ${reply.status}`, type: 'server_error' } }));
          return;
        }
        response.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            // '{n}' becomes this request's number and '{varied}' words of its own, so that answers can differ as a
            // model's do (X refuses a post identical to an earlier one; the near-duplicate guard rewrites them).
            choices: [
              {
                index: 0,
                message: {
                  role: 'assistant',
                  content: (reply.content ?? '')
                    .replaceAll('{n}', String(number))
                    .replaceAll('{varied}', fakeVariety(number)),
                },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    embeddingRequests,
    enqueue: (...replies) => queue.push(...replies),
    queued: () => queue.length,
    get defaultReply() {
      return fake.defaultReply;
    },
    set defaultReply(reply: FakeReply) {
      fake.defaultReply = reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
