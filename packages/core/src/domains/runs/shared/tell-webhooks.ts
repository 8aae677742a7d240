import { inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';

/** What telling the webhooks needs; every service bag of runs carries it. */
export type WebhookTelling = { db: Database; queue: JobQueue; logger: Logger; now: () => Date };

/**
 * Describes and records webhook events without ever holding up what they tell of: inside a savepoint (a
 * transaction of its own when `db` is none), so a failure is undone alone, logged, and let go — the post is
 * published, the draft saved, the skip recorded all the same.
 */
export const tellWebhooks = async (
  services: WebhookTelling,
  what: string,
  tell: (db: Database) => Promise<unknown>,
) => {
  try {
    await services.db.transaction((tx) => tell(tx));
  } catch (error) {
    services.logger.warn({ err: error }, `Could not queue the ${what} webhook events; they are not sent`);
  }
};

/** The agents' names, by id, for the events' `agent`. */
export const agentNames = async (db: Database, agentIds: string[]) => {
  if (agentIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: agent.id, name: agent.name })
    .from(agent)
    .where(inArray(agent.id, [...new Set(agentIds)]));
  return new Map(rows.map((row) => [row.id, row.name]));
};

export const agentRef = (names: Map<string, string>, id: string) => ({ id, name: names.get(id) ?? '' });
