import { createServer, type RequestListener } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@agentcast/contracts/webhooks';
import type { ResolveHost } from '../net/resolve-host.ts';
import { EXCERPT_CHARACTERS, sendWebhookRequest } from './send-webhook-request.ts';
import { webhookTargetProblem } from './webhook-target.ts';

/**
 * The special-use forms issue 30 names, each an address that reaches this machine or that the check refuses whole,
 * dotted and in hex where an IPv4 address is inside, with the IPv4-mapped forms that already were refused.
 */
const SPECIAL_USE_FORMS = [
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:0:127.0.0.1',
  '::ffff:0:7f00:1',
  '::127.0.0.1',
  '::7f00:1',
  '64:ff9b::127.0.0.1',
  '64:ff9b::7f00:1',
  '64:ff9b:1::127.0.0.1',
  '64:ff9b:1::7f00:1',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  'fec0::1',
  '192.88.99.1',
];

/** A resolver that answers every name with these addresses, as a DNS server an attacker controls would. */
const resolvingTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

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
    expect(result.status === null ? '' : result.excerpt).toBe('x'.repeat(EXCERPT_CHARACTERS));
  });

  it(`keeps ${EXCERPT_CHARACTERS} characters of an answer, never half of one`, async () => {
    expect(EXCERPT_CHARACTERS).toBe(200);
    const url = await serve((_request, response) => response.writeHead(400).end(`${'é'.repeat(199)}😀😀 and more`));
    const result = await send(url);
    expect(result).toMatchObject({ ok: false, status: 400, excerpt: `${'é'.repeat(199)}😀` });
  });

  it('says the same of a port where nothing listens, a receiver that never answers, and one that hangs up', async () => {
    const closed = await serve(() => undefined);
    const closedPort = new URL(closed).port;
    const closing = servers.pop()!;
    closing.closeAllConnections();
    await new Promise((resolve) => closing.close(resolve));
    const silent = await serve(() => undefined);
    const hangingUp = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangingUp.listen(0, '127.0.0.1', resolve));
    try {
      const hangUpUrl = `http://127.0.0.1:${(hangingUp.address() as AddressInfo).port}/hook`;
      const sentence = WEBHOOK_MESSAGES.noAnswer(0.5);
      expect(sentence).toBe('Could not reach the receiver: no HTTP answer within 0.5 s.');
      for (const url of [`http://127.0.0.1:${closedPort}/hook`, silent, hangUpUrl])
        expect(await send(url, { timeoutMs: 500 }), url).toMatchObject({ ok: false, status: null, error: sentence });
      // Nor does a receiver whose name no longer resolves, or that speaks no TLS, say anything else.
      const unresolvable = await send('http://gone.example/hook', {
        timeoutMs: 500,
        policy: 'public',
        resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      });
      expect(unresolvable).toMatchObject({ status: null, error: sentence });
      const plain = await serve((_request, response) => response.end('ok'));
      const notTls = await send(plain.replace('http:', 'https:'), { timeoutMs: 500 });
      expect(notTls).toMatchObject({ status: null, error: sentence });
    } finally {
      await new Promise((resolve) => hangingUp.close(resolve));
    }
  });

  it('outside the `any` policy, connects to no special-use address: written in the URL, or resolved when connecting', async () => {
    let reached = 0;
    const url = await serve((_request, response) => {
      reached++;
      response.end('ok');
    });
    const port = new URL(url).port;
    for (const address of SPECIAL_USE_FORMS) {
      const literal = new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}/hook`);
      // The message names the host as the URL parser writes it (::ffff:127.0.0.1 becomes ::ffff:7f00:1).
      expect(await send(literal.href, { policy: 'public' }), address).toEqual({
        ok: false,
        status: null,
        error: WEBHOOK_MESSAGES.privateAddress(literal.hostname.replace(/^\[(.*)\]$/, '$1')),
        durationMs: expect.any(Number),
      });
      // A name that passed when it was saved and resolves inward now (DNS rebinding) is refused as it connects.
      for (const policy of ['public', 'public-https'] as const)
        expect(
          await send(`${policy === 'public' ? 'http' : 'https'}://rebound.example:${port}/hook`, {
            policy,
            resolve: resolvingTo('93.184.215.14', address),
          }),
          `${address} (${policy})`,
        ).toEqual({
          ok: false,
          status: null,
          error: WEBHOOK_MESSAGES.privateAddress('rebound.example'),
          durationMs: expect.any(Number),
        });
    }
    expect(reached).toBe(0);
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
  it('lets anything through where private targets are allowed', async () => {
    expect(await webhookTargetProblem('http://127.0.0.1:3000/hook', 'any')).toBeNull();
  });

  it('by default outside production, wants public addresses over HTTP or HTTPS', async () => {
    const publicName = resolvingTo('93.184.215.14', '2606:4700::6810:84e5');
    expect(await webhookTargetProblem('http://receiver.example/hook', 'public', publicName)).toBeNull();
    expect(await webhookTargetProblem('https://receiver.example/hook', 'public', publicName)).toBeNull();
    expect(await webhookTargetProblem('http://127.0.0.1:3000/hook', 'public')).toBe(
      WEBHOOK_MESSAGES.privateAddress('127.0.0.1'),
    );
    expect(await webhookTargetProblem('http://localhost:3000/hook', 'public')).toBe(
      WEBHOOK_MESSAGES.privateAddress('localhost'),
    );
    // Other spellings of an IPv4 address are written dotted by the URL parser before they are checked.
    for (const host of ['127.1', '0x7f.0.0.1', '2130706433', '0177.0.0.1'])
      expect(await webhookTargetProblem(`http://${host}/hook`, 'public'), host).toBe(
        WEBHOOK_MESSAGES.privateAddress('127.0.0.1'),
      );
  });

  it('refuses every special-use form, written in the URL or resolved from its name', async () => {
    for (const address of SPECIAL_USE_FORMS) {
      const literal = new URL(`https://${address.includes(':') ? `[${address}]` : address}/hook`);
      const host = literal.hostname.replace(/^\[(.*)\]$/, '$1');
      for (const policy of ['public', 'public-https'] as const) {
        expect(await webhookTargetProblem(literal.href, policy), `${address} (${policy})`).toBe(
          WEBHOOK_MESSAGES.privateAddress(host),
        );
        expect(
          await webhookTargetProblem('https://inward.example/hook', policy, resolvingTo('93.184.215.14', address)),
          `${address} resolved (${policy})`,
        ).toBe(WEBHOOK_MESSAGES.privateAddress('inward.example'));
      }
    }
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
