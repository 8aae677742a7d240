import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookDeliveryPage } from '@agentcast/contracts/webhooks';
import { resolveHost, type ResolveHost } from '@agentcast/core/integrations/net/resolve-host';
import { startWebhookReceiver } from '@agentcast/test-fakes/webhook-receiver';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { readJson } from '../testing/http-client.ts';
import { startTestServer } from '../testing/start-test-server.ts';
import { createWebhookEndpoint as create, expectRefused } from './webhooks-test-helpers.ts';

// Where a webhook may point: HTTPS to public hosts in production; never this machine or a special-use address
// unless ALLOW_PRIVATE_TARGETS, when saved and again when it connects (DNS rebinding).

describe('in production', () => {
  it('accepts only HTTPS URLs of public hosts, and says why', async () => {
    const production = await startTestServer({ isProduction: true });
    try {
      const { browser } = await signUpVerifiedUser(production);
      const refused = async (url: string, message: string) =>
        expectRefused(await browser.post('/api/webhooks', { url, events: ['post.failed'] }), 400, message, 'url');
      await refused('http://93.184.215.14/hooks', WEBHOOK_MESSAGES.httpsRequired);
      await refused('https://127.0.0.1/hooks', WEBHOOK_MESSAGES.privateAddress('127.0.0.1'));
      await refused('https://169.254.169.254/latest', WEBHOOK_MESSAGES.privateAddress('169.254.169.254'));
      await refused('https://localhost/hooks', WEBHOOK_MESSAGES.privateAddress('localhost'));
      await refused('https://[fd00::1]/hooks', WEBHOOK_MESSAGES.privateAddress('fd00::1'));
      const { endpoint } = await create(browser, { url: 'https://93.184.215.14/hooks', events: ['post.failed'] });
      await expectRefused(
        await browser.patch(`/api/webhooks/${endpoint.id}`, { url: 'https://10.0.0.2/hooks' }),
        400,
        WEBHOOK_MESSAGES.privateAddress('10.0.0.2'),
        'url',
      );
    } finally {
      await production.close();
    }
  });
});

/** The special-use forms issue 30 names, dotted and in hex where an IPv4 address is inside. */
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

describe('without ALLOW_PRIVATE_TARGETS (a development server by default)', () => {
  it('refuses this machine and every special-use form when an endpoint is saved, and when it connects', async () => {
    // What receiver.example resolves to, at save and at connect, as a DNS server its owner controls would answer.
    let answer = ['93.184.215.14'];
    const resolve: ResolveHost = async (hostname) =>
      hostname === 'receiver.example'
        ? answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
        : resolveHost(hostname);
    const development = await startTestServer({ allowPrivateTargets: false, resolveHost: resolve, timeScale: 1000 });
    // A receiver of its own: the file's receiver may still get the retries of the other tests' servers meanwhile.
    const ownReceiver = await startWebhookReceiver();
    try {
      const { browser } = await signUpVerifiedUser(development);
      const port = new URL(ownReceiver.url).port;
      const refused = async (url: string, message: string) =>
        expectRefused(await browser.post('/api/webhooks', { url, events: ['post.failed'] }), 400, message, 'url');
      await refused(ownReceiver.url, WEBHOOK_MESSAGES.privateAddress('127.0.0.1'));
      await refused(`http://localhost:${port}/hooks`, WEBHOOK_MESSAGES.privateAddress('localhost'));
      for (const address of SPECIAL_USE_FORMS) {
        const url = new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}/hooks`);
        await refused(url.href, WEBHOOK_MESSAGES.privateAddress(url.hostname.replace(/^\[(.*)\]$/, '$1')));
        answer = [address];
        await refused(`http://receiver.example:${port}/hooks`, WEBHOOK_MESSAGES.privateAddress('receiver.example'));
      }

      // Plain HTTP to a public address is fine outside production; the name is saved while it resolves there.
      answer = ['93.184.215.14'];
      const { endpoint } = await create(browser, {
        url: `http://receiver.example:${port}/hooks`,
        events: ['post.failed'],
      });
      const before = ownReceiver.received.length;
      // Then it is pointed inward (DNS rebinding): at this machine through an IPv4-mapped address, which would reach
      // the loopback receiver, then at one special-use form among public addresses.
      for (const inward of [['::ffff:127.0.0.1'], ['93.184.215.14', '64:ff9b::7f00:1']]) {
        answer = inward;
        const sent = await browser.post(`/api/webhooks/${endpoint.id}/test`);
        expect(sent.status).toBe(200);
        const { id } = (await readJson(sent)) as WebhookDelivery;
        let delivery: WebhookDelivery | undefined;
        await expect
          .poll(
            async () => {
              const page = (await readJson(
                await browser.get(`/api/webhooks/${endpoint.id}/deliveries`),
              )) as WebhookDeliveryPage;
              delivery = page.deliveries.find((item) => item.id === id);
              return delivery?.attempt_log.length ?? 0;
            },
            { timeout: 15_000, interval: 50 },
          )
          .toBeGreaterThan(0);
        // Refused before any connection: the reason, and nothing of an answer.
        expect(delivery!.attempt_log[0]).toEqual({
          attempted_at: expect.any(String),
          response_status: null,
          error: WEBHOOK_MESSAGES.privateAddress('receiver.example'),
          response_excerpt: null,
          duration_ms: expect.any(Number),
        });
      }
      expect(ownReceiver.received.length).toBe(before);
    } finally {
      await ownReceiver.close();
      await development.close();
    }
  });
});
