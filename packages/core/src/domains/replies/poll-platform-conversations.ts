import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_PLATFORM_PRICES } from '@agentcast/contracts/costs';
import { REPLY_SKIP_REASONS } from '@agentcast/contracts/reply-guards-constants';
import type { AgentRow } from '@agentcast/db/schema/agents';
import { conversationCursor } from '@agentcast/db/schema/schedules';
import type {
  ConversationPlatform,
  ConversationPost,
  PlatformCredentials,
  ThreadMessage,
} from '../../integrations/platforms/common/platform.ts';
import { checkBudget } from '../costs/agent-budget.ts';
import { recordPlatformCalls } from '../costs/record-platform-calls.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { planRun } from '../runs/plan/plan-run.ts';
import { accountTimeZone } from '../schedules/account-time-zone.ts';
import { answeredByOtherAgents } from './answered-by-other-agents.ts';
import { findReplyCandidates } from './find-reply-candidates.ts';
import { loadReplyHistory } from './load-reply-history.ts';
import { ownAccountIdsOn } from './own-account-ids.ts';
import { conversationOf, isQuietTime, replyGuardVerdict } from './reply-guards.ts';
import type { ConversationServices } from './poll-conversations.ts';

/** The most messages of a conversation a reply is written to follow (issue 34 §2). */
const THREAD_CONTEXT = 10;
/**
 * A platform's first look answers what came in this long before it, at least (two poll intervals when that is more):
 * a first look that comes late (the worker was down when chat was turned on) still answers everything since, while
 * the account's older history stays unanswered.
 */
const FIRST_LOOK_WINDOW_MS = 15 * 60_000;

/**
 * The conversation above each reply among the posts, where the platform reads it for free: read before planning, so
 * no request is made inside the transaction. A conversation that cannot be read leaves the reply to the post alone.
 */
const readThreads = async (
  services: ConversationServices,
  platform: ConversationPlatform,
  credentials: PlatformCredentials,
  posts: readonly ConversationPost[],
) => {
  const threads = new Map<string, ThreadMessage[]>();
  if (!platform.findThread) return threads;
  for (const post of posts.filter((candidate) => candidate.isReply)) {
    try {
      threads.set(post.postId, await platform.findThread(credentials, post.postId, THREAD_CONTEXT));
    } catch (error) {
      services.logger.warn(
        { err: error, platform: platform.id },
        'Could not read the conversation; answering the post alone',
      );
    }
  }
  return threads;
};

/** Reading X is billed per post read; the other platforms' reads are free. */
const BILLED_READS: Readonly<Record<string, 'x.read'>> = { x: 'x.read' };

/**
 * One platform's turn of the chat activity: finds the posts that address the agent's account there since the last
 * look and plans a reply run for each under the key `reply:{agent}:{platform}:{post}` — so a post is answered once,
 * however often it is seen — taking from the day's reply quota, which every platform shares. The agent's reply
 * guards (reply-guards.ts) may hold one back: it is recorded as skipped with the guard's sentence, and takes no
 * quota. Answers the number of replies planned and the terminal entries that say why others were not.
 */
export const pollPlatformConversations = async (
  services: ConversationServices,
  row: AgentRow,
  platform: ConversationPlatform,
) => {
  const agentId = row.id;
  const billed = BILLED_READS[platform.id];
  if (billed) {
    // An agent whose monthly budget a read would pass stops reading until it is raised.
    const budget = await checkBudget(services.db, {
      agentId,
      budgetUsd: row.monthlyBudgetUsd,
      nextCallUsd: (services.prices ?? DEFAULT_PLATFORM_PRICES)[billed],
      now: services.now(),
    });
    if (budget.blocked) {
      services.logger.debug(
        { agentId, spentUsd: budget.spentUsd },
        `Monthly budget reached: not polling ${platform.id}`,
      );
      return { planned: 0, announcements: [] };
    }
  }
  const access = await services.resolveAccess({ workspaceId: row.workspaceId, agentId, platform: platform.id });
  if (access.kind !== 'ok') {
    services.logger.debug(
      { agentId, platform: platform.id, access: access.kind },
      'No usable account to look for conversations with',
    );
    return { planned: 0, announcements: [] };
  }
  const now = services.now();
  const guards = row.replyGuards;
  // Quiet hours hold the look itself: the cursor waits, and what came meanwhile is answered when they end.
  if (guards.quiet_hours && isQuietTime(guards.quiet_hours, now, await accountTimeZone(services.db, row.workspaceId))) {
    services.logger.debug({ agentId, platform: platform.id }, 'Quiet hours: not answering now');
    return { planned: 0, announcements: [] };
  }
  const { posts, updates, read, retired } = await findReplyCandidates(services.db, {
    platform,
    credentials: access.credentials,
    agentId,
    configuration: row.chatConfiguration,
    now,
    firstPollWindowMs: Math.max(services.chatPollMs * 2, FIRST_LOOK_WINDOW_MS),
  });
  if (billed)
    await recordPlatformCalls(services.db, {
      workspaceId: row.workspaceId,
      agentId,
      call: billed,
      resourceIds: read,
      prices: services.prices,
      now,
    }).catch((error: unknown) =>
      services.logger.warn({ err: error, agentId }, 'Could not count the posts read in the cost meter'),
    );
  const threads = await readThreads(services, platform, access.credentials, posts);
  const plan = await getAccountPlan(services.db, row.workspaceId, services.defaultPlan);
  const history = await loadReplyHistory(services.db, { agentId, platform: platform.id, now });
  const ownAccountIds = await ownAccountIdsOn(services.db, row.workspaceId, platform.id);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const takenByOthers = await answeredByOtherAgents(services.db, {
    workspaceId: row.workspaceId,
    agentId,
    platform: platform.id,
    postIds: posts.map((post) => post.postId),
  });
  const announcements: string[] = [];
  let planned = 0;
  await services.db.transaction(async (tx) => {
    for (const post of posts) {
      const skipReason = takenByOthers.has(post.postId)
        ? REPLY_SKIP_REASONS.otherAgent
        : replyGuardVerdict(guards, post, { history, ownAccountIds, today });
      const conversationId = conversationOf(post, history);
      const outcome = await planRun(
        tx,
        services.queue,
        {
          agentId,
          workspaceId: row.workspaceId,
          kind: 'reply',
          idempotencyKey: `reply:${agentId}:${platform.id}:${post.postId}`,
          instruction: `Reply to @${post.authorUsername}`,
          platforms: [platform.id],
          replyTo: {
            platform: platform.id,
            postId: post.postId,
            authorUsername: post.authorUsername,
            text: post.text,
            ...(post.url && { url: post.url }),
            ...(post.authorName && { authorName: post.authorName }),
            ...(post.authorUrl && { authorUrl: post.authorUrl }),
            authorId: post.authorId,
            conversationId,
            createdAt: post.createdAt.toISOString(),
            ...(threads.has(post.postId) && { thread: threads.get(post.postId) }),
          },
          review: row.approval !== 'none',
          ...(skipReason && { skipReason }),
        },
        { plan, at: now, logger: services.logger },
      );
      // Answers planned in this look count for the next post's guards (five mentions at once, one author).
      if (outcome.outcome !== 'exists')
        history.push({
          authorId: post.authorId,
          conversationId,
          askedAt: post.createdAt,
          isAnswered: outcome.outcome === 'planned',
          at: now,
        });
      if (outcome.outcome === 'planned') planned++;
      if (outcome.outcome === 'skipped' && outcome.terminalMessageId) announcements.push(outcome.terminalMessageId);
    }
    if (retired.length > 0)
      await tx
        .delete(conversationCursor)
        .where(and(eq(conversationCursor.agentId, agentId), inArray(conversationCursor.source, retired)));
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
  if (posts.length > 0)
    services.logger.info({ agentId, platform: platform.id, found: posts.length, planned }, 'Conversations polled');
  return { planned, announcements };
};
