import { and, eq, sql } from 'drizzle-orm';
import { DRAFT_MESSAGES, MAX_DRAFT_VERSIONS } from '@agentcast/contracts/drafts';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun, type DraftVersion } from '@agentcast/db/schema/runs';
import { LlmError } from '../../../integrations/llm/llm-provider.ts';
import type { RunServices } from '../write/run-services.ts';
import { writeRunPost } from '../write/write-run-post.ts';

/**
 * The regenerate-draft job's handler: writes the draft's run again, from the same agent and instruction, and keeps
 * the result as one more version of the draft (the chosen one does not change). Tells the waiting request either way.
 */
export const workRegenerateDraftJob = async (
  services: RunServices,
  { runId, requestId }: { runId: string; requestId: string },
) => {
  const { db, events } = services;
  const [run] = await db.select().from(agentRun).where(eq(agentRun.id, runId));
  const fail = async (error: string) => {
    if (run)
      await events.publish({
        type: 'draft.regenerate-failed',
        workspaceId: run.workspaceId,
        agentId: run.agentId,
        runId,
        requestId,
        error,
      });
  };
  if (!run || run.status !== 'awaiting_review') return fail(DRAFT_MESSAGES.notWaiting);
  if (run.versions.length + 1 >= MAX_DRAFT_VERSIONS) return fail(DRAFT_MESSAGES.tooManyVersions);
  const [row] = await db.select().from(agent).where(eq(agent.id, run.agentId));
  if (!row) return fail('The agent was deleted.');
  let version: DraftVersion;
  try {
    const post = await writeRunPost(services, row, run);
    version = { ...post, createdAt: services.now().toISOString() };
  } catch (error) {
    services.logger.warn({ err: error, runId }, 'Regenerating a draft failed');
    return fail(error instanceof LlmError ? error.message : 'The agent could not write another version; try again.');
  }
  // Kept only while the draft still waits: approved or rejected meanwhile, the new version is of no use.
  const [kept] = await db
    .update(agentRun)
    .set({ versions: sql`${agentRun.versions} || ${JSON.stringify([version])}::jsonb`, updatedAt: services.now() })
    .where(and(eq(agentRun.id, runId), eq(agentRun.status, 'awaiting_review')))
    .returning({ id: agentRun.id });
  if (!kept) return fail(DRAFT_MESSAGES.notWaiting);
  await events.publish({
    type: 'draft.regenerated',
    workspaceId: run.workspaceId,
    agentId: run.agentId,
    runId,
    requestId,
  });
};
