import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { isPublicAddress } from './public-address.ts';
import { hostOf, type WebhookTargetPolicy } from './webhook-target.ts';

/** How much of an answer is read: enough to show why a receiver refused, never a large body. */
const MAX_RESPONSE_BYTES = 4096;
/** What the delivery log keeps of it. */
const EXCERPT_CHARACTERS = 500;

export type WebhookResponse =
  | { ok: boolean; status: number; excerpt: string; durationMs: number }
  | { ok: false; status: null; error: string; durationMs: number };

/** DNS resolution that refuses names pointing outside the public internet, at the moment of connecting. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    if (addresses.length === 0 || !addresses.every(({ address }) => isPublicAddress(address)))
      return callback(new Error(WEBHOOK_MESSAGES.privateAddress(hostname)), '', 0);
    if (options.all) return callback(null, addresses);
    const [first] = addresses as [LookupAddress];
    return callback(null, first.address, first.family);
  });
};

const readExcerpt = (response: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARACTERS));
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
 * after `timeoutMs`, reads at most a few KB of the answer, and under the `public-https` policy connects only to
 * public addresses over HTTPS. Never throws: a failure comes back as `error`, worded for the delivery log.
 */
export const sendWebhookRequest = async ({
  url: rawUrl,
  headers,
  body,
  timeoutMs,
  policy,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: WebhookTargetPolicy;
}): Promise<WebhookResponse> => {
  const started = Date.now();
  const failed = (error: string): WebhookResponse => ({
    ok: false,
    status: null,
    error,
    durationMs: Date.now() - started,
  });
  const url = new URL(rawUrl);
  const publicOnly = policy === 'public-https';
  if (publicOnly && url.protocol !== 'https:') return failed(WEBHOOK_MESSAGES.httpsRequired);
  const host = hostOf(url);
  // An address written in the URL is connected to without a lookup, so it is checked here.
  if (publicOnly && isIP(host) !== 0 && !isPublicAddress(host)) return failed(WEBHOOK_MESSAGES.privateAddress(host));
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
      ...(publicOnly && { lookup: publicOnlyLookup }),
    });
    const timer = setTimeout(
      () => request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 100) / 10} s.`)),
      timeoutMs,
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      void readExcerpt(response).then((excerpt) => {
        clearTimeout(timer);
        resolve({ ok: status >= 200 && status < 300, status, excerpt, durationMs: Date.now() - started });
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      resolve(failed(error.message || 'The request failed.'));
    });
    request.end(body);
  });
};
