import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { endRunAndTell } from './end-run-and-tell.ts';
import { isRepeatedSkip } from './is-repeated-skip.ts';
import type { RunServices } from '../write/run-services.ts';

/** A scheduled run or reply of an owner whose membership lapsed: skipped, said once per streak. */
export const skipForMembership = async (services: RunServices, run: AgentRunRow, reason: string) => {
  const isRepeat = await isRepeatedSkip(services.db, { agentId: run.agentId, kind: run.kind, runId: run.id, reason });
  await endRunAndTell(services, run, {
    status: 'skipped',
    reason,
    note: isRepeat ? null : PUBLISHING_MESSAGES.membershipLost(reason),
  });
  services.logger.info({ runId: run.id, workspaceId: run.workspaceId, reason }, 'Run skipped: membership');
};
