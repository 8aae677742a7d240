import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { AgentRow } from '@agentcast/db/schema/agents';
import type { AgentRunRow } from '@agentcast/db/schema/runs';
import { endRunAndTell } from './end-run-and-tell.ts';
import type { RunPost } from '../write/run-post.ts';
import type { RunServices } from '../write/run-services.ts';
import { writeRunPost } from '../write/write-run-post.ts';
import { findNearDuplicate, type EarlierPost } from '../write/text-similarity.ts';

/** A post that repeats an earlier one is written again this many times before the run is skipped. */
export const NEAR_DUPLICATE_REWRITES = 2;

/**
 * The post, or a rewrite of it, that is not a near-duplicate of the agent's earlier posts; null when two rewrites
 * still repeat one — then the run is skipped with a terminal note naming the earlier post (and a waiting trigger
 * is told why). Whatever is kept joins `earlier`, so the next post of the same batch is compared with it too.
 */
export const keepDistinct = async (
  services: RunServices,
  { row, run, post, earlier }: { row: AgentRow; run: AgentRunRow; post: RunPost; earlier: EarlierPost[] },
): Promise<RunPost | null> => {
  let candidate = post;
  let repeated = findNearDuplicate(candidate.text, earlier);
  for (let rewrite = 0; repeated && rewrite < NEAR_DUPLICATE_REWRITES; rewrite++) {
    const avoid = [
      repeated.post.text,
      ...earlier.map(({ text }) => text).filter((text) => text !== repeated?.post.text),
    ];
    candidate = await writeRunPost(services, row, run, { avoid });
    repeated = findNearDuplicate(candidate.text, earlier);
  }
  if (!repeated) {
    earlier.unshift({ text: candidate.text, at: services.now() });
    return candidate;
  }
  await skipAsNearDuplicate(services, run, repeated.post);
  return null;
};

/** Ends a run whose post repeats `earlier` with a terminal note naming it; a waiting trigger is told why. */
export const skipAsNearDuplicate = async (services: RunServices, run: AgentRunRow, earlier: EarlierPost) => {
  const reason = PUBLISHING_MESSAGES.nearDuplicate(earlier.text, earlier.at);
  await endRunAndTell(services, run, { status: 'skipped', reason, note: reason });
  services.logger.info({ runId: run.id, agentId: run.agentId }, 'Run skipped: a near-duplicate of an earlier post');
};
