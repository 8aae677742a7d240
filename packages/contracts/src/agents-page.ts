import { z } from 'zod';
import { agentSchema } from './agents.ts';

/** The agents a page of `GET /api/agents` holds unless `limit` says otherwise: the AgentBoard's first screenful. */
export const AGENTS_PAGE_SIZE = 50;
/** The most one page may hold; screens that need every agent page through at this size. */
export const AGENTS_PAGE_MAX = 100;

/** One page of the account's agents, newest first (created_at, then id, both descending, so the order is total). */
export const agentsPageSchema = z.object({
  agents: z.array(agentSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AgentsPage = z.output<typeof agentsPageSchema>;

/** The 400's message for a `cursor` that no page of this API gave (mangled, truncated, or made up). */
export const AGENTS_CURSOR_INVALID = 'The page cursor is not valid: pass the next_cursor of the previous page.';

/** What the AgentBoard says below its rows while it reads the next page, or when that failed. */
export const AGENT_BOARD_MESSAGES = {
  loadingMore: 'Loading more agents…',
  loadMoreFailed: (message: string) => `Could not load more agents: ${message}`,
  retry: 'Try again',
} as const;
