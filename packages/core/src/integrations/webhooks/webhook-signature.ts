import { createHash, createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@agentcast/contracts/webhooks';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks writes them. */
export const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The HMAC key of a secret: the bytes its base64 part stands for. */
const keyOf = (secret: string) => Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');

/**
 * The `webhook-id` of a fact (`post.published:{delivery}`): derived from it, so that the same fact emitted twice is
 * one message, and the same for every endpoint that receives it.
 */
export const webhookMessageId = (key: string) =>
  `msg_${createHash('sha256').update(key).digest('base64url').slice(0, 27)}`;

/**
 * The `webhook-signature` header: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` under each secret,
 * space-separated (during a rotation both the new and the previous secret sign, and a receiver holding either
 * accepts the request).
 */
export const signWebhook = ({
  secrets,
  id,
  timestamp,
  body,
}: {
  secrets: string[];
  id: string;
  /** Unix seconds, as sent in `webhook-timestamp`. */
  timestamp: number;
  body: string;
}) =>
  secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
