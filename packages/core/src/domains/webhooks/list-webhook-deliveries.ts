import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookDeliveryPage } from '@agentcast/contracts/webhooks';
import type { Database } from '@agentcast/db/client';
import { webhookAttempt, webhookDelivery, type WebhookDeliveryRow } from '@agentcast/db/schema/webhooks';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { findOwnedEndpoint } from './find-owned-endpoint.ts';
import { webhookDeliveryJson } from './webhook-delivery-json.ts';

const BAD_CURSOR = 'before must be the next_before of a previous page.';

/** A page ends at a delivery; the next one starts after it, in the order of the log (newest first). */
const cursorOf = (row: WebhookDeliveryRow) => `${row.createdAt.toISOString()}_${row.id}`;

const parseCursor = (cursor: string) => {
  const [at = '', id = ''] = cursor.split('_');
  const time = new Date(at);
  if (Number.isNaN(time.getTime()) || !isUuid(id))
    throw new AppError('VALIDATION_FAILED', BAD_CURSOR, { fieldErrors: { before: [BAD_CURSOR] } });
  return { at: time, id };
};

/** Deliveries with their attempts, in the order given. */
export const withAttempts = async (db: Database, rows: WebhookDeliveryRow[]) => {
  const attempts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempt)
          .where(
            inArray(
              webhookAttempt.deliveryId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(webhookAttempt.attemptedAt));
  return rows.map((row) =>
    webhookDeliveryJson(
      row,
      attempts.filter((attempt) => attempt.deliveryId === row.id),
    ),
  );
};

/** The endpoint's delivery log, newest first, a page at a time (keyset pagination over its index). */
export const listWebhookDeliveries = async (
  db: Database,
  {
    workspaceId,
    endpointId,
    before,
    limit,
  }: { workspaceId: string; endpointId: string; before?: string; limit: number },
): Promise<WebhookDeliveryPage> => {
  await findOwnedEndpoint(db, { workspaceId, endpointId });
  const cursor = before ? parseCursor(before) : null;
  const rows = await db
    .select()
    .from(webhookDelivery)
    .where(
      and(
        eq(webhookDelivery.endpointId, endpointId),
        cursor
          ? sql`(${webhookDelivery.createdAt}, ${webhookDelivery.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    deliveries: await withAttempts(db, page),
    next_before: rows.length > limit && last ? cursorOf(last) : null,
  };
};
