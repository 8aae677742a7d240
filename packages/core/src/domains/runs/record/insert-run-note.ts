import type { ReplyTarget } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { terminalMessage, type TerminalMessageRow } from '@agentcast/db/schema/terminal';

type NotedRun = {
  agentId: string;
  workspaceId: string;
  instruction: string;
  kind: TerminalMessageRow['trigger'];
  replyTo?: ReplyTarget | null;
};

/** A terminal entry with no post, only a note saying why the run made none (over the quota, membership ended, …). */
export const insertRunNote = async (
  tx: Database,
  run: NotedRun,
  runId: string,
  { note, at }: { note: string; at: Date },
) => {
  const [message] = await tx
    .insert(terminalMessage)
    .values({
      agentId: run.agentId,
      workspaceId: run.workspaceId,
      runId,
      createdAt: at,
      tweetContent: '',
      instruction: run.instruction,
      trigger: run.kind,
      replyTo: run.replyTo ?? null,
      model: '',
      isOffline: false,
      notes: [note],
    })
    .returning();
  return message ?? null;
};
