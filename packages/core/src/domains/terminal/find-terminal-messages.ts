import { and, desc, eq, lt, or } from 'drizzle-orm';
import { TERMINAL_PAGE_SIZE, type TerminalPage } from '@agentcast/contracts/terminal';
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

export type FindTerminalMessagesOptions = { userId: string; agentId: string; before?: string; limit?: number };

/** Spec §7: an agent's messages, newest first, a page at a time; only for the agent's owner (404 otherwise). */
export const findTerminalMessages = async (
  db: Database,
  { userId, agentId, before, limit = TERMINAL_PAGE_SIZE }: FindTerminalMessagesOptions,
): Promise<TerminalPage> => {
  await findOwnedAgentRow(db, { userId, agentId });
  const cursor = before ? decodeCursor(before) : undefined;
  const rows = await db
    .select()
    .from(terminalMessage)
    .where(
      and(
        eq(terminalMessage.agentId, agentId),
        eq(terminalMessage.userId, userId),
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
