import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import { sendWebhookRequest } from './send-webhook-request.ts';
import { webhookTargetProblem } from './webhook-target.ts';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const serve = async (listener: RequestListener) => {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
};

const send = (url: string, overrides: Partial<Parameters<typeof sendWebhookRequest>[0]> = {}) =>
  sendWebhookRequest({
    url,
    headers: { 'webhook-id': 'msg_1' },
    body: '{"a":1}',
    timeoutMs: 2000,
    policy: 'any',
    ...overrides,
  });

describe('sending one webhook request', () => {
  it('POSTs the JSON body with the headers, and keeps the status and the start of the answer', async () => {
    let seen: { method?: string; type?: string; id?: string; body: string } = { body: '' };
    const url = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen = {
          method: request.method,
          type: request.headers['content-type'],
          id: request.headers['webhook-id'] as string,
          body,
        };
        response.writeHead(204).end();
      });
    });
    expect(await send(url)).toMatchObject({ ok: true, status: 204, excerpt: '' });
    expect(seen).toEqual({ method: 'POST', type: 'application/json', id: 'msg_1', body: '{"a":1}' });
  });

  it('counts a redirect as a failure and never follows it', async () => {
    let followed = false;
    const target = await serve((_request, response) => {
      followed = true;
      response.end('ok');
    });
    const url = await serve((_request, response) => response.writeHead(307, { location: target }).end());
    expect(await send(url)).toMatchObject({ ok: false, status: 307 });
    expect(followed).toBe(false);
  });

  it('reads at most a few KB of an answer that goes on and on', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(500);
      const chunk = 'x'.repeat(1024);
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => clearInterval(timer));
    });
    const result = await send(url);
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(result.status === null ? '' : result.excerpt).toHaveLength(500);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const url = await serve(() => undefined);
    expect(await send(url, { timeoutMs: 200 })).toMatchObject({
      ok: false,
      status: null,
      error: 'No answer within 0.2 s.',
    });
  });

  it('says why when nothing listens', async () => {
    const result = await send('http://127.0.0.1:9/hook');
    expect(result).toMatchObject({ ok: false, status: null, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('in production, connects only over HTTPS to public addresses', async () => {
    const url = await serve((_request, response) => response.end('ok'));
    expect(await send(url, { policy: 'public-https' })).toMatchObject({ error: WEBHOOK_MESSAGES.httpsRequired });
    expect(await send('https://127.0.0.1:9/hook', { policy: 'public-https' })).toMatchObject({
      error: WEBHOOK_MESSAGES.privateAddress('127.0.0.1'),
    });
    // A name that resolves to this machine is refused when connecting, whatever it resolved to when it was saved.
    expect(await send('https://localhost:9/hook', { policy: 'public-https' })).toMatchObject({
      error: WEBHOOK_MESSAGES.privateAddress('localhost'),
    });
  });
});

describe('checking a URL before it is saved', () => {
  it('lets anything through outside production', async () => {
    expect(await webhookTargetProblem('http://127.0.0.1:3000/hook', 'any')).toBeNull();
  });

  it('in production, wants HTTPS to a public host that resolves', async () => {
    expect(await webhookTargetProblem('http://example.com/hook', 'public-https')).toBe(WEBHOOK_MESSAGES.httpsRequired);
    expect(await webhookTargetProblem('https://10.0.0.8/hook', 'public-https')).toBe(
      WEBHOOK_MESSAGES.privateAddress('10.0.0.8'),
    );
    expect(await webhookTargetProblem('https://[::1]/hook', 'public-https')).toBe(
      WEBHOOK_MESSAGES.privateAddress('::1'),
    );
    expect(await webhookTargetProblem('https://localhost/hook', 'public-https')).toBe(
      WEBHOOK_MESSAGES.privateAddress('localhost'),
    );
    expect(await webhookTargetProblem('https://no-such-host.invalid/hook', 'public-https')).toBe(
      WEBHOOK_MESSAGES.unknownHost('no-such-host.invalid'),
    );
    expect(await webhookTargetProblem('https://93.184.215.14/hook', 'public-https')).toBeNull();
  });
});
