import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { conversationCursor } from '@agentcast/db/schema/schedules';
import type { EventBus } from '../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { DEFAULT_PLATFORM_PRICES, type PlatformPrices } from '@agentcast/contracts/costs';
import { checkBudget } from '../costs/agent-budget.ts';
import { recordPlatformCalls } from '../costs/record-platform-calls.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import type { ConversationPlatform } from '../../integrations/platforms/common/platform.ts';
import type { ResolvePlatformAccess } from '../runs/publish/publishing-services.ts';
import { planRun } from '../runs/plan/plan-run.ts';
import { findReplyCandidates } from './find-reply-candidates.ts';

export type ConversationServices = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  logger: Logger;
  resolveAccess: ResolvePlatformAccess;
  /** Platforms whose conversations agents can join, by id (X). */
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
 * The chat activity (issue: replies): finds new posts to answer on X and plans a reply run for each under the key
 * `reply:{agent}:x:{post}` — so a post is answered once, however often it is seen — taking from the day's reply
 * quota. The replies are written and published like posts, and appear in the terminal.
 */
export const pollConversations = async (services: ConversationServices, { agentId }: { agentId: string }) => {
  const [row] = await services.db.select().from(agent).where(eq(agent.id, agentId)).limit(1);
  const platform = services.conversations.get('x');
  if (!row || !platform || row.paused || !row.activities.includes('chat') || !row.chatConfiguration.enabled) {
    return { planned: 0 };
  }
  // Reading X is billed: an agent whose monthly budget a read would pass stops polling until it is raised.
  const readUsd = (services.prices ?? DEFAULT_PLATFORM_PRICES)['x.read'];
  const budget = await checkBudget(services.db, {
    agentId,
    budgetUsd: row.monthlyBudgetUsd,
    nextCallUsd: readUsd,
    now: services.now(),
  });
  if (budget.blocked) {
    services.logger.debug({ agentId, spentUsd: budget.spentUsd }, 'Monthly budget reached: not polling X');
    return { planned: 0 };
  }
  const access = await services.resolveAccess({ userId: row.userId, agentId, platform: 'x' });
  if (access.kind !== 'ok') {
    services.logger.debug({ agentId, access: access.kind }, 'No usable X account to look for conversations with');
    return { planned: 0 };
  }
  const now = services.now();
  const { posts, updates, read } = await findReplyCandidates(services.db, {
    platform,
    credentials: access.credentials,
    agentId,
    configuration: row.chatConfiguration,
    now,
    firstPollWindowMs: services.chatPollMs * 2,
  });
  await recordPlatformCalls(services.db, {
    userId: row.userId,
    agentId,
    call: 'x.read',
    resourceIds: read,
    prices: services.prices,
    now,
  }).catch((error: unknown) =>
    services.logger.warn({ err: error, agentId }, 'Could not count the posts read in the cost meter'),
  );
  const plan = await getAccountPlan(services.db, row.userId, services.defaultPlan);
  const announcements: string[] = [];
  let planned = 0;
  await services.db.transaction(async (tx) => {
    for (const post of posts) {
      const outcome = await planRun(
        tx,
        services.queue,
        {
          agentId,
          userId: row.userId,
          kind: 'reply',
          idempotencyKey: `reply:${agentId}:x:${post.postId}`,
          instruction: `Reply to @${post.authorUsername}`,
          platforms: ['x'],
          replyTo: { platform: 'x', postId: post.postId, authorUsername: post.authorUsername, text: post.text },
          review: row.reviewBeforePosting,
        },
        { plan, at: now, logger: services.logger },
      );
      if (outcome.outcome === 'planned') planned++;
      if (outcome.outcome === 'skipped' && outcome.terminalMessageId) announcements.push(outcome.terminalMessageId);
    }
    for (const update of updates) {
      await tx
        .insert(conversationCursor)
        .values({ agentId, ...update, updatedAt: now })
        .onConflictDoUpdate({
          target: [conversationCursor.agentId, conversationCursor.source],
          set: { sinceId: sql`excluded.since_id`, platformUserId: sql`excluded.platform_user_id`, updatedAt: now },
        });
    }
  });
  for (const messageId of announcements)
    await services.events.publish({ type: 'terminal.message', userId: row.userId, agentId, messageId });
  if (posts.length > 0) services.logger.info({ agentId, found: posts.length, planned }, 'Conversations polled');
  return { planned };
};
