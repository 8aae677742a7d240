import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { endRunWithoutPost } from './end-run-without-post.ts';
import { isRepeatedSkip } from './is-repeated-skip.ts';
import type { RunServices } from './run-services.ts';

/** A scheduled run or reply of an owner whose membership lapsed: skipped, said once per streak. */
export const skipForMembership = async (services: RunServices, run: AgentRunRow, reason: string) => {
  const isRepeat = await isRepeatedSkip(services.db, { agentId: run.agentId, kind: run.kind, runId: run.id, reason });
  const entry = await endRunWithoutPost(services.db, run, {
    status: 'skipped',
    reason,
    note: isRepeat ? null : PUBLISHING_MESSAGES.membershipLost(reason),
    at: services.now(),
  });
  if (entry)
    await services.events.publish({
      type: 'terminal.message',
      userId: run.userId,
      agentId: run.agentId,
      messageId: entry.messageId,
    });
  services.logger.info({ runId: run.id, userId: run.userId, reason }, 'Run skipped: membership');
};
