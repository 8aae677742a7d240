import { z } from 'zod';
import { agentSchema } from './agents.ts';

export * from './agents-page-constants.ts';

/** One page of the account's agents, newest first (created_at, then id, both descending, so the order is total). */
export const agentsPageSchema = z.object({
  agents: z.array(agentSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AgentsPage = z.output<typeof agentsPageSchema>;
