import { sql } from 'drizzle-orm';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { Database } from '@agentcast/db/client';
import type { DeliveryRow } from '@agentcast/db/schema/runs';
import { coalescePerHandle } from '../../../kernel/coalesce-calls.ts';
import type { PublishingServices } from './publishing-services.ts';

/**
 * The audit log's lines for posts that just went out ("Daily AI published a post on Bluesky"), by the agent that
 * published them. The deliveries that settle at the same moment share one statement, which reads their agents'
 * names: publishing is the busiest path and gets no round trip of its own per post.
 */
const insertPublished = coalescePerHandle(async (db: Database, _group: string, rows: DeliveryRow[]) => {
  const records = rows.map((row) => ({
    workspace_id: row.workspaceId,
    agent_id: row.agentId,
    run_id: row.runId,
    platform: platformName(row.platform),
    url: row.url,
  }));
  await db.execute(sql`
    INSERT INTO audit_event (workspace_id, actor_kind, actor_name, action, subject_id, subject_name, detail)
    SELECT records.workspace_id, 'agent', agent.name, 'post.published', records.run_id, records.platform, records.url
    FROM json_to_recordset(${JSON.stringify(records)}::json)
      AS records(workspace_id text, agent_id uuid, run_id text, platform text, url text)
    JOIN agent ON agent.id = records.agent_id`);
  return rows.map(() => undefined);
});

/**
 * Records a delivery that is now `posted`. Written after the delivery's own update (as its webhook event is), and
 * never undoing it: a line that cannot be written is logged, the post stays published.
 */
export const auditPublishedPost = async (services: PublishingServices, row: DeliveryRow) => {
  if (row.platform === 'terminal') return;
  await insertPublished(services.db, row).catch((error: unknown) =>
    services.logger.warn(
      { err: error, deliveryId: row.id },
      'Could not write the audit log’s line of a published post',
    ),
  );
};
