import { eq } from 'drizzle-orm';
import type { WebhookSecret } from '@agentcast/contracts/webhooks';
import { webhookEndpoint, type WebhookEndpointRow } from '@agentcast/db/schema/webhooks';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import { newWebhookSecret } from '../../integrations/webhooks/webhook-signature.ts';
import { findOwnedEndpoint } from './find-owned-endpoint.ts';
import type { WebhookServices } from './webhook-services.ts';

type Owned = { workspaceId: string; endpointId: string };

const previousExpiry = (row: Pick<WebhookEndpointRow, 'previousSecretExpiresAt'>, now: Date) =>
  row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;

/** The secrets that sign a request now: the current one, and the previous one during a rotation's grace period. */
export const signingSecrets = (
  secretBox: SecretBox,
  row: Pick<WebhookEndpointRow, 'secretSealed' | 'previousSecretSealed' | 'previousSecretExpiresAt'>,
  now: Date,
) => [
  secretBox.open(row.secretSealed),
  ...(row.previousSecretSealed && previousExpiry(row, now) ? [secretBox.open(row.previousSecretSealed)] : []),
];

/**
 * The endpoint's secret, shown to its owner whenever they ask (as Svix does): the server must keep it to sign, so
 * showing it once would protect nothing, and a second receiver or a lost configuration needs it again.
 */
export const revealWebhookSecret = async (
  { db, secretBox, now }: WebhookServices,
  owned: Owned,
): Promise<WebhookSecret> => {
  const row = await findOwnedEndpoint(db, owned);
  return {
    secret: secretBox.open(row.secretSealed),
    previous_secret_expires_at: previousExpiry(row, now())?.toISOString() ?? null,
  };
};

/**
 * A new secret. The one it replaces keeps signing beside it (two signatures in `webhook-signature`) for the grace
 * period, so a receiver can switch without losing an event; rotating again within it drops the oldest at once.
 */
export const rotateWebhookSecret = async (services: WebhookServices, owned: Owned): Promise<WebhookSecret> => {
  const { db, secretBox } = services;
  const row = await findOwnedEndpoint(db, owned);
  const at = services.now();
  const secret = newWebhookSecret();
  const expiresAt = new Date(at.getTime() + services.timing.rotationGraceMs);
  await db
    .update(webhookEndpoint)
    .set({
      secretSealed: secretBox.seal(secret),
      previousSecretSealed: row.secretSealed,
      previousSecretExpiresAt: expiresAt,
      updatedAt: at,
    })
    .where(eq(webhookEndpoint.id, row.id));
  return { secret, previous_secret_expires_at: expiresAt.toISOString() };
};
