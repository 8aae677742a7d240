import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { jsonRecords, queryRows, tableRows } from '@agentcast/db/query-rows';
import { delivery, type DeliveryRow } from '@agentcast/db/schema/runs';
import { coalescePerHandle } from '../../../kernel/coalesce-calls.ts';
import type { PublishingServices } from './publishing-services.ts';
import { refreshDeliverySnapshots } from './refresh-delivery-snapshot.ts';

type DeliveryChanges = Partial<
  Pick<
    DeliveryRow,
    | 'status'
    | 'attempts'
    | 'nextAttemptAt'
    | 'leaseUntil'
    | 'postingStartedAt'
    | 'externalId'
    | 'url'
    | 'error'
    | 'threadPosts'
    | 'threadLength'
    | 'publishedAt'
    | 'metricsNextAt'
  >
>;

type ChangedColumn = keyof DeliveryChanges | 'updatedAt';
type DeliveryUpdate = { id: string; changes: DeliveryChanges & { updatedAt: Date } };

const columns = getTableColumns(delivery);

/**
 * The same changes (the same columns) to many deliveries in one statement; their rows as they are now, in order.
 * A delivery asked twice in one turn (which only one process's mistake could cause) is written one update at a
 * time instead, so the last change wins as it would have.
 */
const writeUpdates = async (db: Database, updates: DeliveryUpdate[]): Promise<(DeliveryRow | undefined)[]> => {
  if (new Set(updates.map((update) => update.id)).size < updates.length) {
    const rows: (DeliveryRow | undefined)[] = [];
    for (const update of updates) rows.push(...(await writeUpdates(db, [update])));
    return rows;
  }
  const changed = Object.keys(updates[0]!.changes) as ChangedColumn[];
  const { source } = jsonRecords(
    delivery,
    updates.map(({ id, changes }) => ({ id, ...changes })),
  );
  const raw = await queryRows<Record<string, unknown>>(
    db,
    sql`UPDATE delivery SET ${sql.join(
      changed.map(
        (column) => sql`${sql.identifier(columns[column].name)} = records.${sql.identifier(columns[column].name)}`,
      ),
      sql`, `,
    )} FROM ${source} WHERE delivery.id = records.id RETURNING delivery.*`,
  );
  const byId = new Map(tableRows(delivery, raw).map((row) => [row.id, row]));
  return updates.map((update) => byId.get(update.id));
};

/**
 * Deliveries moving on side by side (a batch published together) mostly make the same change at the same moment
 * (`posting`, then `posted`): written together, one statement for the lot (kernel/coalesce-calls.ts).
 */
const coalescedUpdate = coalescePerHandle((db: Database, _columns: string, updates: DeliveryUpdate[]) =>
  writeUpdates(db, updates),
);

/** The terminal message of a run refreshed, together with those of the deliveries shown in the same turn. */
const refreshSnapshot = coalescePerHandle(async (db: Database, _group: string, runIds: string[]) => {
  const messages = await refreshDeliverySnapshots(db, [...new Set(runIds)]);
  return runIds.map((runId) => messages.find((message) => message.runId === runId) ?? null);
});

/**
 * Writes a delivery's new state and shows it: the terminal message's copy is refreshed and open terminals are told
 * (unless `show` is false: a state that lasts a moment, like `posting`, is not worth two more queries). Only the
 * worker holding the delivery's lease calls this. Deliveries changing the same columns at the same moment share one
 * statement.
 */
export const updateDelivery = async (
  services: Pick<PublishingServices, 'db' | 'events' | 'now' | 'quiet'>,
  row: DeliveryRow,
  changes: DeliveryChanges,
  { show = !services.quiet }: { show?: boolean } = {},
) => {
  // As Drizzle's set() does, a change given as undefined leaves its column alone.
  const defined = Object.entries(changes).filter(([, value]) => value !== undefined);
  const update = { id: row.id, changes: { ...Object.fromEntries(defined), updatedAt: services.now() } };
  const updated = await coalescedUpdate(services.db, update, Object.keys(update.changes).sort().join(','));
  if (!show) return updated ?? row;
  const message = await refreshSnapshot(services.db, row.runId);
  if (message) {
    const { messageId, workspaceId, agentId } = message;
    await services.events.publish({ type: 'terminal.updated', messageId, workspaceId, agentId });
  }
  return updated ?? row;
};
