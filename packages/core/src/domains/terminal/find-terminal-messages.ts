import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PostingPlatform } from '@agentcast/contracts/connections';
import {
  STATUS_FILTER_DELIVERIES,
  TERMINAL_PAGE_SIZE,
  type TerminalPage,
  type TerminalStatusFilter,
} from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { AppError } from '../../kernel/app-error.ts';
import { toTerminalMessage } from './terminal-message-resource.ts';

/** A page cursor: the creation time and id of the last message shown, so pages never skip or repeat a message. */
const encodeCursor = (createdAt: Date, messageId: string) =>
  Buffer.from(`${createdAt.toISOString()}|${messageId}`).toString('base64url');

const decodeCursor = (cursor: string) => {
  const [createdAt, messageId] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(createdAt ?? '');
  if (!messageId || Number.isNaN(date.getTime()))
    throw new AppError('VALIDATION_FAILED', 'The page cursor "before" is not valid.');
  return { createdAt: date, messageId };
};

export type TerminalFilters = { status?: TerminalStatusFilter; platform?: PostingPlatform; q?: string };

export type FindTerminalMessagesOptions = TerminalFilters & {
  workspaceId: string;
  /** One agent's messages; without, all the user's agents'. */
  agentId?: string;
  before?: string;
  limit?: number;
};

/** `%` and `_` typed by a person are searched for as themselves, not as wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Status and platform look into the deliveries (a small JSON array per message): one delivery must match both, so
 * "X, posted" does not match a post that went to LinkedIn and failed on X. Done in the query, so pages stay full
 * and the cursor stays right; the scan is over one user's rows (the user/agent indexes), so no index of its own.
 */
const filterConditions = ({ status, platform, q }: TerminalFilters): SQL[] => {
  const conditions: SQL[] = [];
  if (status || platform) {
    const statuses = status ? STATUS_FILTER_DELIVERIES[status] : undefined;
    const statusList = statuses
      ? sql.join(
          statuses.map((value) => sql`${value}`),
          sql`, `,
        )
      : undefined;
    conditions.push(sql`exists (
      select 1 from jsonb_array_elements(${terminalMessage.deliveries}) as delivery
      where ${platform ? sql`delivery->>'platform' = ${platform}` : sql`delivery->>'platform' <> 'terminal'`}
      ${statusList ? sql`and delivery->>'status' in (${statusList})` : sql``}
    )`);
  }
  if (q) conditions.push(sql`${terminalMessage.tweetContent} ilike ${likePattern(q)}`);
  return conditions;
};

/**
 * Spec §7: the terminal, newest first, a page at a time, optionally narrowed by status, platform and text. One
 * agent's messages (only for the agent's owner, 404 otherwise), or every agent's of the user.
 */
export const findTerminalMessages = async (
  db: Database,
  { workspaceId, agentId, before, limit = TERMINAL_PAGE_SIZE, ...filters }: FindTerminalMessagesOptions,
): Promise<TerminalPage> => {
  if (agentId) await findOwnedAgentRow(db, { workspaceId, agentId });
  const cursor = before ? decodeCursor(before) : undefined;
  const rows = await db
    .select()
    .from(terminalMessage)
    .where(
      and(
        agentId ? eq(terminalMessage.agentId, agentId) : undefined,
        eq(terminalMessage.workspaceId, workspaceId),
        ...filterConditions(filters),
        cursor
          ? or(
              lt(terminalMessage.createdAt, cursor.createdAt),
              and(eq(terminalMessage.createdAt, cursor.createdAt), lt(terminalMessage.messageId, cursor.messageId)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(terminalMessage.createdAt), desc(terminalMessage.messageId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map(toTerminalMessage),
    next_before: rows.length > limit && last ? encodeCursor(last.createdAt, last.messageId) : null,
  };
};
