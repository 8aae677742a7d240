import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import type { EventBus } from '../../integrations/events/event-bus.ts';
import type { ConversationPlatform } from '../../integrations/platforms/common/platform.ts';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import type { ResolvePlatformAccess } from '../runs/publish/publishing-services.ts';
import { pollPlatformConversations } from './poll-platform-conversations.ts';

export type ConversationServices = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  logger: Logger;
  resolveAccess: ResolvePlatformAccess;
  /** Platforms whose conversations agents can join, by id (X, Bluesky, Mastodon, Farcaster, Telegram). */
  conversations: ReadonlyMap<string, ConversationPlatform>;
  /** The chat poll interval: on a first poll, posts this recent (twice over) are answered. */
  chatPollMs: number;
  /** The plan of accounts that have none set (DEFAULT_PLAN). */
  defaultPlan: PlanId;
  now: () => Date;
  /** What each billable platform call costs, for the cost meter; X's published prices when absent. */
  prices?: PlatformPrices;
};

/**
 * The chat activity (issue: replies): on every platform among the agent's chat clients where agents answer people,
 * finds the new posts that address it and plans a reply run for each; the replies are written and published like
 * posts, and appear in the terminal. One platform that cannot be read (down, or its account disconnected) does not
 * keep the others from being answered: its failure is logged, and the next poll asks again from where it stopped.
 */
export const pollConversations = async (services: ConversationServices, { agentId }: { agentId: string }) => {
  const [row] = await services.db.select().from(agent).where(eq(agent.id, agentId)).limit(1);
  if (!row || row.paused || !row.activities.includes('chat') || !row.chatConfiguration.enabled) return { planned: 0 };
  let planned = 0;
  for (const client of row.chatConfiguration.clients) {
    const platform = services.conversations.get(client);
    if (!platform) continue;
    try {
      const outcome = await pollPlatformConversations(services, row, platform);
      planned += outcome.planned;
      for (const messageId of outcome.announcements)
        await services.events.publish({ type: 'terminal.message', workspaceId: row.workspaceId, agentId, messageId });
    } catch (error) {
      services.logger.warn(
        { err: error, agentId, platform: client },
        'Looking for conversations failed on one platform; the next poll tries again',
      );
    }
  }
  return { planned };
};
