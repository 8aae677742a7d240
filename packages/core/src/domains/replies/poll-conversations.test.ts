import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConfiguration } from '@agentcast/contracts/agents';
import { PLANS } from '@agentcast/contracts/plans';
import { REPLY_GUARD_DEFAULTS, REPLY_SKIP_REASONS } from '@agentcast/contracts/reply-guards-constants';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { platformCall } from '@agentcast/db/schema/costs';
import { dailyUsage } from '@agentcast/db/schema/plans';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { conversationCursor } from '@agentcast/db/schema/schedules';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { startBlueskyApiFake, type BlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startXApiFake, type XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { createEventBus, type EventBus } from '../../integrations/events/event-bus.ts';
import { createJobQueue, type JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { createBlueskySession } from '../../integrations/platforms/bluesky/bluesky-session.ts';
import { createPlatforms } from '../../integrations/platforms/create-platforms.ts';
import { usageDay } from '../plans/usage-day.ts';
import { RUN_AGENT_JOB } from '../runs/plan/run-agent-job.ts';
import { pollConversations, type ConversationServices } from './poll-conversations.ts';

let database: DatabaseConnection;
let queue: JobQueue;
let events: EventBus;
let x: XApiFake;
let bluesky: BlueskyApiFake;
let services: ConversationServices;
const accounts = new Map<string, { token: string; id: string }>();
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, logger);
  await queue.start();
  await queue.createQueue(RUN_AGENT_JOB.name);
  events = await createEventBus(database, logger);
  x = await startXApiFake();
  bluesky = await startBlueskyApiFake();
  services = {
    db: database.db,
    queue,
    events,
    logger,
    conversations: createPlatforms({ xBaseUrl: x.baseUrl, blueskyBaseUrl: bluesky.baseUrl, timeoutMs: 2000 })
      .conversations,
    resolveAccess: async ({ agentId, platform }) => {
      const account = accounts.get(platform === 'x' ? agentId : `${platform}:${agentId}`);
      return account
        ? { kind: 'ok', credentials: { accessToken: account.token, accountId: account.id } }
        : { kind: 'none' };
    },
    chatPollMs: 120_000,
    defaultPlan: 'starter',
    now: () => new Date(),
  };
});
afterAll(async () => {
  await queue.stop({ graceful: false });
  await events.close();
  await database.close();
  await x.close();
  await bluesky.close();
});

/** An agent answering on an X account of its own; returns both. */
const chattingAgent = async (chat: Partial<ChatConfiguration> = {}) => {
  const row = await insertTestAgent(database.db, {
    activities: ['chat'],
    chatConfiguration: { clients: ['x'], ...chat },
  });
  const { workspaceId } = row;
  const account = x.addUser({ username: `bot${randomUUID().slice(0, 8)}` });
  accounts.set(row.id, account);
  return { agentId: row.id, workspaceId, account };
};

const replyRuns = (agentId: string) =>
  database.db.select().from(agentRun).where(eq(agentRun.agentId, agentId)).orderBy(agentRun.createdAt);

describe('looking for conversations on X', () => {
  it('plans one reply, to X, for each new mention — never twice, never to itself', async () => {
    const { agentId, account } = await chattingAgent();
    const fan = x.addUser({ username: 'fan' });
    const mention = x.seedPost({ authorId: fan.id, text: `@${account.username} what do you think about AI agents?` });
    x.seedPost({ authorId: account.id, text: `Note to self, @${account.username}` });

    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 0 });

    const [run] = await replyRuns(agentId);
    expect(run).toMatchObject({
      kind: 'reply',
      idempotencyKey: `reply:${agentId}:x:${mention.id}`,
      replyTo: { platform: 'x', postId: mention.id, authorUsername: 'fan', text: mention.text },
    });
    const deliveries = await database.db.select().from(delivery).where(eq(delivery.runId, run!.id));
    expect(deliveries.map((item) => item.platform).sort()).toEqual(['terminal', 'x']);
    // The second poll asked X only for what came after the first.
    expect(x.requestsTo('GET /2/users/:id/mentions').at(-1)?.query.since_id).toBe(mention.id);
  });

  it('keeps a cursor per connected account: another account starts its own, and an old cursor is taken over', async () => {
    const { agentId, account } = await chattingAgent();
    const fan = x.addUser({ username: `fan${randomUUID().slice(0, 6)}` });
    const first = x.seedPost({ authorId: fan.id, text: `@${account.username} hello` });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
    const cursors = async () =>
      (await database.db.select().from(conversationCursor).where(eq(conversationCursor.agentId, agentId))).map(
        (row) => [row.source, row.sinceId],
      );
    expect(await cursors()).toEqual([[`x:mentions:${account.id}`, first.id]]);

    // A cursor from before cursors named the account is read once as the connected account's, then retired.
    await database.db.delete(conversationCursor).where(eq(conversationCursor.agentId, agentId));
    await database.db.insert(conversationCursor).values({ agentId, source: 'x:mentions', sinceId: first.id });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 0 });
    expect(x.requestsTo('GET /2/users/:id/mentions').at(-1)?.query.since_id).toBe(first.id);
    expect(await cursors()).toEqual([[`x:mentions:${account.id}`, first.id]]);

    // The agent is moved to another X account: its mentions are read from that account's own start.
    const other = x.addUser({ username: `bot${randomUUID().slice(0, 8)}` });
    accounts.set(agentId, other);
    x.seedPost({ authorId: fan.id, text: `@${other.username} hi there` });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
    expect(x.requestsTo('GET /2/users/:id/mentions').at(-1)?.query.since_id).toBeUndefined();
  });

  it('counts each post it read for the cost meter, and stops reading X once a read would pass the monthly budget', async () => {
    const { agentId, account } = await chattingAgent();
    // $0.006: the first read ($0.005) fits, the second would make $0.010.
    await database.db.update(agent).set({ monthlyBudgetUsd: 0.006 }).where(eq(agent.id, agentId));
    const fan = x.addUser({ username: `fan${randomUUID().slice(0, 6)}` });
    x.seedPost({ authorId: fan.id, text: `@${account.username} first question` });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
    const reads = await database.db.select().from(platformCall).where(eq(platformCall.agentId, agentId));
    expect(reads.map((row) => [row.call, row.priceMicros])).toEqual([['x.read', 5000]]);

    x.seedPost({ authorId: fan.id, text: `@${account.username} second question` });
    const mentionReads = x.requestsTo('GET /2/users/:id/mentions').length;
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 0 });
    expect(x.requestsTo('GET /2/users/:id/mentions')).toHaveLength(mentionReads);

    await database.db.update(agent).set({ monthlyBudgetUsd: 1 }).where(eq(agent.id, agentId));
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
  });

  it('ignores replies to replies when reply_to_replies is off, and answers the posts of the accounts it follows', async () => {
    const { agentId, account } = await chattingAgent({ reply_to_replies: false, reply_to_usernames: ['@analyst'] });
    const fan = x.addUser({ username: `fan${randomUUID().slice(0, 6)}` });
    const analyst = x.addUser({ username: 'analyst' });
    const root = x.seedPost({ authorId: account.id, text: 'Our take on rates.' });
    const replyToReply = x.seedPost({
      authorId: fan.id,
      text: `@${account.username} I disagree`,
      inReplyToPostId: root.id,
    });
    const plain = x.seedPost({ authorId: fan.id, text: `@${account.username} great thread` });
    const analystPost = x.seedPost({ authorId: analyst.id, text: 'Bond yields are moving.' });

    await pollConversations(services, { agentId });

    const answered = (await replyRuns(agentId)).map((run) => run.replyTo?.postId);
    expect(answered.sort()).toEqual([plain.id, analystPost.id].sort());
    expect(answered).not.toContain(replyToReply.id);
  });

  it('on its first look answers only what is recent, not the account’s history', async () => {
    const { agentId, account } = await chattingAgent();
    const fan = x.addUser({ username: `old${randomUUID().slice(0, 6)}` });
    x.seedPost({
      authorId: fan.id,
      text: `@${account.username} from last week`,
      createdAt: new Date(Date.now() - 7 * 24 * 3600_000),
    });
    const recent = x.seedPost({ authorId: fan.id, text: `@${account.username} just now` });

    await pollConversations(services, { agentId });

    expect((await replyRuns(agentId)).map((run) => run.replyTo?.postId)).toEqual([recent.id]);
  });

  it('stops at the plan’s replies for the day, with a note', async () => {
    const { agentId, workspaceId, account } = await chattingAgent();
    const starter = PLANS.find((plan) => plan.id === 'starter')!;
    await database.db
      .insert(dailyUsage)
      .values({ workspaceId, day: usageDay(new Date()), replies: starter.limits.repliesPerDay! - 1 });
    const fan = x.addUser({ username: `many${randomUUID().slice(0, 6)}` });
    for (let index = 0; index < 3; index++)
      x.seedPost({ authorId: fan.id, text: `@${account.username} question ${index}` });

    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });

    const runs = await replyRuns(agentId);
    expect(runs.map((run) => run.status).sort()).toEqual(['planned', 'skipped', 'skipped']);
    const notes = await database.db
      .select({ notes: terminalMessage.notes })
      .from(terminalMessage)
      .where(eq(terminalMessage.agentId, agentId));
    expect(notes).toEqual([{ notes: [PUBLISHING_MESSAGES.overReplyQuota(starter)] }]);
  });

  it('does nothing without a connected X account', async () => {
    const { agentId } = await chattingAgent();
    accounts.delete(agentId);
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 0 });
  });
});

describe('looking for conversations on several platforms', () => {
  it('answers on each of its chat clients under its own key; one platform failing does not keep the others from it', async () => {
    const { agentId, account } = await chattingAgent({ clients: ['x', 'bluesky'] });
    const blueskyAccount = bluesky.addAccount();
    const session = await createBlueskySession({
      serviceUrl: bluesky.baseUrl,
      identifier: blueskyAccount.handle,
      password: blueskyAccount.appPassword,
      timeoutMs: 2000,
    });
    accounts.set(`bluesky:${agentId}`, { token: session.accessJwt, id: session.did });
    const fan = x.addUser({ username: `both${randomUUID().slice(0, 6)}` });
    const onX = x.seedPost({ authorId: fan.id, text: `@${account.username} hello from X` });
    const blueskyFan = bluesky.addAccount();
    const onBluesky = bluesky.seedPost(blueskyFan, {
      text: `@${blueskyAccount.handle} hello from Bluesky`,
      mentions: [blueskyAccount],
    });

    bluesky.failNext('GET /xrpc/app.bsky.notification.listNotifications', { status: 502 });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });
    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });

    const runs = await replyRuns(agentId);
    expect(runs.map((run) => [run.idempotencyKey, run.replyTo?.platform])).toEqual([
      [`reply:${agentId}:x:${onX.id}`, 'x'],
      [`reply:${agentId}:bluesky:${onBluesky.uri}`, 'bluesky'],
    ]);
    const blueskyDeliveries = await database.db.select().from(delivery).where(eq(delivery.runId, runs[1]!.id));
    expect(blueskyDeliveries.map((item) => item.platform).sort()).toEqual(['bluesky', 'terminal']);
  });
});

describe('the reply guards in a look for conversations', () => {
  it('holds back what they forbid, each recorded as skipped with its reason and no reply taken from the quota', async () => {
    const { agentId, workspaceId, account } = await chattingAgent();
    await database.db
      .update(agent)
      .set({ replyGuards: { ...REPLY_GUARD_DEFAULTS, max_per_author_per_day: 1, block_list: ['spammer'] } })
      .where(eq(agent.id, agentId));
    const fan = x.addUser({ username: `eager${randomUUID().slice(0, 6)}` });
    const spammer = x.addUser({ username: 'Spammer' });
    const first = x.seedPost({ authorId: fan.id, text: `@${account.username} one` });
    const second = x.seedPost({ authorId: fan.id, text: `@${account.username} two` });
    const blocked = x.seedPost({ authorId: spammer.id, text: `@${account.username} buy now` });

    expect(await pollConversations(services, { agentId })).toEqual({ planned: 1 });

    const runs = await replyRuns(agentId);
    const byPost = new Map(runs.map((run) => [run.replyTo?.postId, run]));
    expect(byPost.get(first.id)).toMatchObject({ status: 'planned', replyTo: { authorId: fan.id } });
    expect(byPost.get(second.id)?.status).toBe('skipped');
    expect(byPost.get(blocked.id)?.status).toBe('skipped');
    const notes = (
      await database.db
        .select({ notes: terminalMessage.notes })
        .from(terminalMessage)
        .where(eq(terminalMessage.agentId, agentId))
    ).flatMap((row) => row.notes);
    expect(notes.sort()).toEqual([REPLY_SKIP_REASONS.authorCap(1), REPLY_SKIP_REASONS.blocked].sort());
    const [usage] = await database.db.select().from(dailyUsage).where(eq(dailyUsage.workspaceId, workspaceId));
    expect(usage?.replies).toBe(1);
  });

  it('two of a person’s agents reading one account answer a message once: the second says another agent answers it', async () => {
    const first = await chattingAgent();
    const second = await insertTestAgent(database.db, {
      workspaceId: first.workspaceId,
      activities: ['chat'],
      chatConfiguration: { clients: ['x'] },
    });
    accounts.set(second.id, accounts.get(first.agentId)!);
    const fan = x.addUser({ username: `shared${randomUUID().slice(0, 6)}` });
    const mention = x.seedPost({ authorId: fan.id, text: `@${first.account.username} who answers?` });

    expect(await pollConversations(services, { agentId: first.agentId })).toEqual({ planned: 1 });
    expect(await pollConversations(services, { agentId: second.id })).toEqual({ planned: 0 });

    const [held] = await replyRuns(second.id);
    expect(held).toMatchObject({ status: 'skipped', replyTo: { postId: mention.id } });
    const [entry] = await database.db
      .select({ notes: terminalMessage.notes })
      .from(terminalMessage)
      .where(eq(terminalMessage.agentId, second.id));
    expect(entry?.notes).toEqual([REPLY_SKIP_REASONS.otherAgent]);
  });
});
