import { and, countDistinct, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, INBOX_STATES, type InboxState } from '@agentcast/contracts/inbox-constants';
import type { InboxConversation, InboxPage, InboxQuery } from '@agentcast/contracts/inbox';
import type { Database } from '@agentcast/db/client';
import { agentRun } from '@agentcast/db/schema/runs';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { INBOX_RUN_STATUSES, inboxStateOf, selectInboxItems } from './inbox-item.ts';

const platformOfRun = sql<string>`${agentRun.replyTo}->>'platform'`;
/** A message's conversation: the platform's thread (or the agent's answer it continues), else the message itself. */
const conversationOfRun = sql<string>`coalesce(${agentRun.replyTo}->>'conversationId', ${agentRun.replyTo}->>'postId')`;

/** Messages older than a page's last: planned before it, or at the same time with a smaller id. */
const before = (cursor: string | undefined) => {
  if (!cursor) return undefined;
  const [at = '', id = ''] = cursor.split('_');
  const time = new Date(at);
  if (Number.isNaN(time.getTime()) || !isUuid(id))
    throw new AppError('VALIDATION_FAILED', 'before must be the next_before of an earlier page');
  return sql`(${agentRun.createdAt}, ${agentRun.id}) < (${time.toISOString()}::timestamptz, ${id}::uuid)`;
};

/**
 * A page of the Inbox: the messages addressed to the user's agents (one agent's, one platform's, in one state, when
 * asked), newest first, grouped by conversation — each conversation where its newest message falls, its messages
 * oldest first — with the count of messages in each state and of the conversations waiting for someone.
 */
export const listInbox = async (db: Database, { workspaceId, query }: { workspaceId: string; query: InboxQuery }) => {
  if (query.agent_id) await findOwnedAgentRow(db, { workspaceId, agentId: query.agent_id });
  const scope = and(
    eq(agentRun.workspaceId, workspaceId),
    eq(agentRun.kind, 'reply'),
    query.agent_id ? eq(agentRun.agentId, query.agent_id) : undefined,
    query.platform ? eq(platformOfRun, query.platform) : undefined,
  );
  const items = await selectInboxItems(db, {
    where: and(
      scope,
      query.state ? inArray(agentRun.status, [...INBOX_RUN_STATUSES[query.state]]) : undefined,
      before(query.before),
    ),
    orderBy: [desc(agentRun.createdAt), desc(agentRun.id)],
    limit: INBOX_PAGE_SIZE + 1,
  });
  const page = items.slice(0, INBOX_PAGE_SIZE);

  const counts = Object.fromEntries(INBOX_STATES.map((state) => [state, 0])) as Record<InboxState, number>;
  const byStatus = await db
    .select({ status: agentRun.status, messages: count() })
    .from(agentRun)
    .where(scope)
    .groupBy(agentRun.status);
  for (const row of byStatus) counts[inboxStateOf(row.status)] += row.messages;
  const [waiting] = await db
    .select({ conversations: countDistinct(sql`(${agentRun.agentId}, ${platformOfRun}, ${conversationOfRun})`) })
    .from(agentRun)
    .where(and(scope, inArray(agentRun.status, [...INBOX_RUN_STATUSES.new, ...INBOX_RUN_STATUSES.waiting])));

  const conversations = new Map<string, InboxConversation>();
  for (const { item, conversationId } of page) {
    const key = `${item.agent.id}:${item.platform}:${conversationId}`;
    const conversation = conversations.get(key) ?? { id: key, platform: item.platform, agent: item.agent, items: [] };
    conversation.items.unshift(item);
    conversations.set(key, conversation);
  }
  const last = page.at(-1);
  return {
    conversations: [...conversations.values()],
    counts,
    waiting_conversations: waiting?.conversations ?? 0,
    next_before: items.length > INBOX_PAGE_SIZE && last ? `${last.createdAt.toISOString()}_${last.item.id}` : null,
  } satisfies InboxPage;
};
