import { randomUUID } from 'node:crypto';
import { DRAFT_MESSAGES, MAX_DRAFT_VERSIONS, type Draft } from '@agentcast/contracts/drafts';
import type { AppEvent } from '../../../integrations/events/app-event.ts';
import { waitForEvent } from '../../../integrations/events/wait-for-event.ts';
import { AppError } from '../../../kernel/app-error.ts';
import { findWaitingDraft } from './find-waiting-draft.ts';
import { listDrafts } from './list-drafts.ts';
import { REGENERATE_DRAFT_JOB } from './regenerate-draft-job.ts';
import type { ReviewServices } from './review-services.ts';
import { sendJob } from '../../../integrations/queue/send-job.ts';

export const REGENERATE_TIMEOUT_MESSAGE =
  'The agent is still writing: the new version will appear in the Review tab when it is done.';

type Outcome = Extract<AppEvent, { type: 'draft.regenerated' | 'draft.regenerate-failed' }>;

/**
 * Asks the agent for another version of a waiting draft (written by a worker, like every post) and answers the
 * draft with the new version among its versions; the chosen one stays until the person picks another.
 */
export const regenerateDraft = async (
  services: ReviewServices,
  { workspaceId, runId, timeoutMs }: { workspaceId: string; runId: string; timeoutMs: number },
): Promise<Draft> => {
  const { db, queue, events } = services;
  const run = await db.transaction((tx) => findWaitingDraft(tx, { workspaceId, runId }));
  // The chosen version and the others together.
  if (run.versions.length + 1 >= MAX_DRAFT_VERSIONS) throw new AppError('CONFLICT', DRAFT_MESSAGES.tooManyVersions);
  const requestId = randomUUID();
  const outcome = waitForEvent(
    events,
    (event): event is Outcome =>
      (event.type === 'draft.regenerated' || event.type === 'draft.regenerate-failed') && event.requestId === requestId,
    { timeoutMs, timeout: () => new AppError('TIMEOUT', REGENERATE_TIMEOUT_MESSAGE) },
  );
  await sendJob(queue, REGENERATE_DRAFT_JOB, { runId: run.id, requestId }).catch((error: unknown) => {
    outcome.cancel();
    throw error;
  });
  const event = await outcome.promise;
  if (event.type === 'draft.regenerate-failed') throw new AppError('UPSTREAM_FAILED', event.error);
  const [draft] = await listDrafts(services, { workspaceId, runIds: [run.id] });
  if (!draft) throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  return draft;
};
