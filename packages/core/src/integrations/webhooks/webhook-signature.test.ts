import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SECRET_PREFIX } from '@agentcast/contracts/webhooks';
import { newWebhookSecret, signWebhook, webhookMessageId } from './webhook-signature.ts';

const now = () => Math.floor(Date.now() / 1000);
const headersOf = (id: string, timestamp: number, signature: string) => ({
  'webhook-id': id,
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signature,
});

describe('Standard Webhooks signatures', () => {
  it('are accepted by the reference implementation, and refused when the body or the secret differs', () => {
    const secret = newWebhookSecret();
    const id = webhookMessageId('post.published:some-delivery');
    const timestamp = now();
    const body = JSON.stringify({
      type: 'post.published',
      timestamp: new Date().toISOString(),
      data: { text: 'Héllo' },
    });
    const signature = signWebhook({ secrets: [secret], id, timestamp, body });

    expect(new Webhook(secret).verify(body, headersOf(id, timestamp, signature))).toEqual(JSON.parse(body));
    // The reference implementation signs the same bytes the same way.
    expect(signature).toBe(new Webhook(secret).sign(id, new Date(timestamp * 1000), body));
    expect(() => new Webhook(secret).verify(`${body} `, headersOf(id, timestamp, signature))).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersOf(id, timestamp, signature))).toThrow(
      WebhookVerificationError,
    );
  });

  it('carry one signature per secret during a rotation, each accepted by a receiver holding either secret', () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const id = webhookMessageId('run.skipped:a-run');
    const timestamp = now();
    const body = '{"type":"run.skipped"}';
    const signature = signWebhook({ secrets: [current, previous], id, timestamp, body });
    expect(signature.split(' ')).toHaveLength(2);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=* v1,[A-Za-z0-9+/]+=*$/);
    for (const secret of [current, previous])
      expect(new Webhook(secret).verify(body, headersOf(id, timestamp, signature))).toEqual({ type: 'run.skipped' });
  });

  it('make secrets of 32 random bytes behind whsec_, and message ids that name the fact', () => {
    const secret = newWebhookSecret();
    expect(secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
    expect(webhookMessageId('post.failed:x')).toBe(webhookMessageId('post.failed:x'));
    expect(webhookMessageId('post.failed:x')).not.toBe(webhookMessageId('post.failed:y'));
    expect(webhookMessageId('post.failed:x')).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
  });
});
