import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent: signatures are computed over it. */
  body: string;
  /** What the receiver answered. */
  status: number;
  receivedAt: number;
};

export type WebhookReceiver = {
  /** POST here, e.g. http://127.0.0.1:54321/hooks */
  url: string;
  received: ReceivedWebhook[];
  /** The next `count` requests are answered `status` (500 by default), the ones after with `status` again. */
  failNext: (count: number, status?: number) => void;
  /** Every request from now on is answered with this status (200 to recover). */
  answerAlways: (status: number) => void;
  /**
   * From now on requests are held unanswered, as by a receiver that hangs, until `release` (or until the sender gives
   * up on one). They are listed in `received` once answered.
   */
  hold: () => void;
  /** Answers the held requests and stops holding. */
  release: () => void;
  /** Requests held unanswered right now, and the most held at once since the receiver started. */
  held: () => { now: number; most: number };
  /** Waits until at least `count` requests have arrived. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
};

/**
 * A loopback HTTP server that receives webhooks the way a customer's endpoint would: it keeps every request (headers
 * and raw body) and answers 200, or the failures a test scripts, so that retries and their backoff can be watched.
 */
export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = 0;
  let failureStatus = 500;
  let usualStatus = 200;
  let holding = false;
  const heldAnswers = new Set<() => void>();
  let mostHeld = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = Date.now();
      const answer = () => {
        heldAnswers.delete(answer);
        const status = failuresLeft > 0 ? failureStatus : usualStatus;
        if (failuresLeft > 0) failuresLeft--;
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status, receivedAt });
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'ok' : `failing on purpose (${status})`);
      };
      if (!holding) return answer();
      heldAnswers.add(answer);
      mostHeld = Math.max(mostHeld, heldAnswers.size);
      // A sender that times out no longer waits: its request is no longer held.
      response.on('close', () => heldAnswers.delete(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    failNext: (count, status = 500) => {
      failuresLeft = count;
      failureStatus = status;
    },
    answerAlways: (status) => {
      failuresLeft = 0;
      usualStatus = status;
    },
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const answer of [...heldAnswers]) answer();
    },
    held: () => ({ now: heldAnswers.size, most: mostHeld }),
    waitFor: async (count, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} webhooks, received ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
