import { sql } from 'drizzle-orm';
import { COMPOSE_MESSAGES } from '@agentcast/contracts/compose-constants';
import { MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { AppError } from '../../../kernel/app-error.ts';
import { countWaitingDrafts } from './count-waiting-drafts.ts';

/**
 * A draft a person saves waits beside the agent's own, under the same cap: past MAX_WAITING_DRAFTS it is refused
 * (409, saying what to do) rather than pushing the agent's next drafts out. Counted under a lock on the agent, so
 * two saves at once cannot both take the last place.
 */
export const checkComposedDraftRoom = async (tx: Database, agent: { id: string; name: string }) => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`composed-drafts:${agent.id}`}))`);
  const waiting = (await countWaitingDrafts(tx, [agent.id])).get(agent.id) ?? 0;
  if (waiting >= MAX_WAITING_DRAFTS)
    throw new AppError('CONFLICT', COMPOSE_MESSAGES.draftsFull(MAX_WAITING_DRAFTS, agent.name));
};
