import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type BillingStatus } from '@agentcast/contracts/billing';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { createHttpClient, readJson } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('billing without Stripe configured (issue 37 §1)', () => {
  it('is off: the routes say so with a 404, and the status says billing is off', async () => {
    const { browser } = await signUpVerifiedUser(server);
    expect((await readJson(await browser.get('/api/billing'))) as BillingStatus).toEqual({
      enabled: false,
      subscription: null,
    });
    for (const [path, body] of [
      ['/api/billing/checkout', { plan: 'pro', period: 'monthly' }],
      ['/api/billing/portal', {}],
    ] as const) {
      const refused = await browser.post(path, body);
      expect(refused.status).toBe(404);
      expect((await readJson(refused)).message).toBe(BILLING_MESSAGES.off);
    }
    expect((await createHttpClient(server.url).post('/api/billing/stripe/webhook', {})).status).toBe(404);
  });
});
