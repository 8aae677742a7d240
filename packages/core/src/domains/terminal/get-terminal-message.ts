import { and, eq } from 'drizzle-orm';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { toTerminalMessage } from './terminal-message-resource.ts';

/** One message, if it belongs to this user (the SSE stream loads what an event names this way). */
export const getTerminalMessage = async (
  db: Database,
  { workspaceId, messageId }: { workspaceId: string; messageId: string },
): Promise<TerminalMessage | null> => {
  const [row] = await db
    .select()
    .from(terminalMessage)
    .where(and(eq(terminalMessage.messageId, messageId), eq(terminalMessage.workspaceId, workspaceId)))
    .limit(1);
  return row ? toTerminalMessage(row) : null;
};
