import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
export type ChatRequest = { model: string; messages: ChatMessage[]; max_tokens?: number; temperature?: number };
export type FakeReply = { content?: string; status?: number; delayMs?: number };

export type OpenAiFake = {
  /** For OPENAI_BASE_URL, e.g. http://127.0.0.1:5000/v1 */
  baseURL: string;
  /** Every chat completion request received, with its Authorization header. */
  requests: { body: ChatRequest; authorization: string | undefined }[];
  /** Queues the answers of the next requests; after them, `defaultReply` answers. */
  enqueue: (...replies: FakeReply[]) => void;
  defaultReply: FakeReply;
  close: () => Promise<void>;
};

/**
 * A loopback OpenAI-compatible server: POST /v1/chat/completions answers with scripted content or errors, in the
 * API's own format, and records what it was asked, so tests run the real `openai` client against it.
 */
export const startOpenAiFake = async (): Promise<OpenAiFake> => {
  const requests: OpenAiFake['requests'] = [];
  const queue: FakeReply[] = [];
  const fake = { defaultReply: { content: 'A post written by the fake model. #AI' } as FakeReply };

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      requests.push({ body, authorization: request.headers.authorization });
      const reply = queue.shift() ?? fake.defaultReply;
      setTimeout(() => {
        response.setHeader('content-type', 'application/json');
        if (reply.status && reply.status >= 400) {
          response.writeHead(reply.status).end(JSON.stringify({ error: { message: `Fake failure ${reply.status}`, type: 'server_error' } }));
          return;
        }
        response.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: reply.content ?? '' }, finish_reason: 'stop' }],
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
    enqueue: (...replies) => queue.push(...replies),
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
