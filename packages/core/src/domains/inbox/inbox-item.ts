import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { INBOX_MESSAGES, type InboxState } from '@agentcast/contracts/inbox-constants';
import type { InboxItem } from '@agentcast/contracts/inbox';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun, delivery, type AgentRunRow, type RunStatus } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { AppError } from '../../kernel/app-error.ts';
import { COMPOSED_MODEL } from '../runs/plan/compose-post.ts';

/**
 * The Inbox is the account's reply runs: each message addressed to an agent was planned as one (planned, or skipped
 * with its reason), so a message is there exactly once, and its run says what became of it.
 */
export const INBOX_RUN_STATUSES: Readonly<Record<InboxState, readonly RunStatus[]>> = {
  new: ['planned', 'generating', 'failed'],
  waiting: ['awaiting_review'],
  answered: ['ready'],
  ignored: ['rejected', 'skipped'],
};

export const inboxStateOf = (status: RunStatus): InboxState =>
  (Object.keys(INBOX_RUN_STATUSES) as InboxState[]).find((state) => INBOX_RUN_STATUSES[state].includes(status)) ??
  'new';

type InboxRow = {
  run: AgentRunRow;
  agentName: string;
  model: string | null;
  answer: { status: string; url: string | null; error: string | null } | null;
};

const answerOf = ({ run, model, answer }: InboxRow): InboxItem['answer'] => {
  const byPerson = model === COMPOSED_MODEL;
  const text = run.postText ?? '';
  switch (run.status) {
    case 'planned':
    case 'generating':
      return { text: '', status: 'writing', url: null, error: null, by_person: false };
    case 'awaiting_review':
      return { text, status: 'draft', url: null, error: null, by_person: byPerson };
    case 'ready': {
      const status = answer?.status === 'posted' ? 'sent' : answer?.status === 'failed' ? 'failed' : 'sending';
      return { text, status, url: answer?.url ?? null, error: answer?.error ?? null, by_person: byPerson };
    }
    default:
      return null;
  }
};

const reasonOf = (run: AgentRunRow) =>
  run.status === 'rejected'
    ? [INBOX_MESSAGES.ignoredByYou, run.reviewNote].filter(Boolean).join(' ')
    : run.status === 'skipped' || run.status === 'failed'
      ? run.error
      : null;

export const toInboxItem = (row: InboxRow): InboxItem => {
  const { run } = row;
  const target = run.replyTo;
  return {
    id: run.id,
    agent: { id: run.agentId, name: row.agentName },
    platform: target?.platform ?? '',
    state: inboxStateOf(run.status),
    received_at: target?.createdAt ?? run.createdAt.toISOString(),
    author: {
      handle: target?.authorUsername ?? '',
      name: target?.authorName ?? null,
      url: target?.authorUrl ?? null,
    },
    text: target?.text ?? '',
    url: target?.url ?? null,
    answer: answerOf(row),
    reason: reasonOf(run),
  };
};

/**
 * The reply runs matching `where` as Inbox items (in the order `orderBy` gives, at most `limit`), each with when its
 * run was planned (the page cursor) and its conversation: the platform's thread, else the message itself.
 */
export const selectInboxItems = async (
  db: Database,
  { where, limit, orderBy }: { where: SQL | undefined; limit?: number; orderBy?: SQL[] },
): Promise<{ item: InboxItem; createdAt: Date; conversationId: string }[]> => {
  const query = db
    .select({ run: agentRun, agentName: agent.name, model: terminalMessage.model })
    .from(agentRun)
    .innerJoin(agent, eq(agent.id, agentRun.agentId))
    .leftJoin(terminalMessage, eq(terminalMessage.messageId, agentRun.terminalMessageId))
    .where(and(eq(agentRun.kind, 'reply'), where))
    .orderBy(...(orderBy ?? []))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  if (rows.length === 0) return [];
  const answers = await db
    .select({ runId: delivery.runId, status: delivery.status, url: delivery.url, error: delivery.error })
    .from(delivery)
    .where(
      and(
        inArray(
          delivery.runId,
          rows.map(({ run }) => run.id),
        ),
        ne(delivery.platform, 'terminal'),
      ),
    );
  const answerOfRun = new Map(answers.map((answer) => [answer.runId, answer]));
  return rows.map((row) => ({
    item: toInboxItem({ ...row, answer: answerOfRun.get(row.run.id) ?? null }),
    createdAt: row.run.createdAt,
    conversationId: row.run.replyTo?.conversationId ?? row.run.replyTo?.postId ?? row.run.id,
  }));
};

/** One of the user's Inbox messages as the Inbox shows it (after an action on it). */
export const findInboxItem = async (db: Database, { workspaceId, runId }: { workspaceId: string; runId: string }) => {
  const [found] = await selectInboxItems(db, {
    where: and(eq(agentRun.id, runId), eq(agentRun.workspaceId, workspaceId)),
  });
  if (!found) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
  return found.item;
};
