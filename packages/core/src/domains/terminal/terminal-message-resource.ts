import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { TerminalMessageRow } from '@agentcast/db/schema/terminal';

export const toTerminalMessage = (row: TerminalMessageRow): TerminalMessage => ({
  message_id: row.messageId,
  created_at: row.createdAt.toISOString(),
  tweet_content: row.tweetContent,
  agent_id: row.agentId,
  instruction: row.instruction,
  trigger: row.trigger,
  reply_to: row.replyTo ?? null,
  model: row.model,
  is_offline: row.isOffline,
  deliveries: row.deliveries,
  notes: row.notes,
  sources: row.sources,
});
