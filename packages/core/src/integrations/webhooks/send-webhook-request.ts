import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { literalUrlProblem } from '../net/outbound-url-problem.ts';
import type { OutboundPolicy } from '../net/outbound-policy.ts';
import { NotPublicAddressError, publicOnlyLookup } from '../net/public-only-lookup.ts';
import type { ResolveHost } from '../net/resolve-host.ts';
import { webhookTargetMessage } from './webhook-target.ts';

/** How much of an answer is read: enough to show why a receiver refused, never a large body. */
const MAX_RESPONSE_BYTES = 4096;
/** What the delivery log keeps of it: the start of an error page, not a copy of whatever the receiver serves. */
export const EXCERPT_CHARACTERS = 200;

export type WebhookResponse =
  | { ok: boolean; status: number; excerpt: string; durationMs: number }
  | { ok: false; status: null; error: string; durationMs: number };

const readExcerpt = (response: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // By code point, so that a character outside the BMP is kept whole or not at all.
    const done = () => resolve([...Buffer.concat(chunks).toString('utf8')].slice(0, EXCERPT_CHARACTERS).join(''));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough read: the rest is not wanted, and a receiver streaming without end must not hold the worker.
      if (size >= MAX_RESPONSE_BYTES) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });

/**
 * POSTs one signed event. Never follows a redirect (a 3xx is an answer like any other that is not 2xx), gives up
 * after `timeoutMs`, reads at most a few KB of the answer, and connects only where the policy allows, checking the
 * addresses actually connected to (`resolve` is the system resolver unless a test patches it). Never throws: a
 * failure comes back as `error`, worded for the delivery log.
 */
export const sendWebhookRequest = async ({
  url: rawUrl,
  headers,
  body,
  timeoutMs,
  policy,
  resolve: resolveHost,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: OutboundPolicy;
  resolve?: ResolveHost;
}): Promise<WebhookResponse> => {
  const started = Date.now();
  const failed = (error: string): WebhookResponse => ({
    ok: false,
    status: null,
    error,
    durationMs: Date.now() - started,
  });
  const url = new URL(rawUrl);
  const refused = literalUrlProblem(url, policy);
  if (refused) return failed(webhookTargetMessage(refused));
  const noAnswer = WEBHOOK_MESSAGES.noAnswer(Math.round(timeoutMs / 100) / 10);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResponse>((resolve) => {
    const request = send(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Agentcast-Webhooks/1.0',
      },
      ...(policy !== 'any' && { lookup: publicOnlyLookup(resolveHost) }),
    });
    // With an error, so that 'error' is emitted however far the request had got.
    const timer = setTimeout(() => request.destroy(new Error('No answer in time')), timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      void readExcerpt(response).then((excerpt) => {
        clearTimeout(timer);
        resolve({ ok: status >= 200 && status < 300, status, excerpt, durationMs: Date.now() - started });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      // Refused by the address check, no connection made: the same sentence as when it was saved. Anything else
      // (refused, reset, timed out, TLS, DNS) reads alike, so that the log cannot serve to probe ports.
      resolve(failed(error instanceof NotPublicAddressError ? WEBHOOK_MESSAGES.privateAddress(error.host) : noAnswer));
    });
    request.end(body);
  });
};
