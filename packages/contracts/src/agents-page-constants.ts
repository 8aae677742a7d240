// The values of agents-page.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. agents-page.ts re-exports them, so every other importer keeps importing from there.

/** The agents a page of `GET /api/agents` holds unless `limit` says otherwise: the AgentBoard's first screenful. */
export const AGENTS_PAGE_SIZE = 50;
/** The most one page may hold; screens that need every agent page through at this size. */
export const AGENTS_PAGE_MAX = 100;

/** The 400's message for a `cursor` that no page of this API gave (mangled, truncated, or made up). */
export const AGENTS_CURSOR_INVALID = 'The page cursor is not valid: pass the next_cursor of the previous page.';

/** What the AgentBoard says below its rows while it reads the next page, or when that failed. */
export const AGENT_BOARD_MESSAGES = {
  loadingMore: 'Loading more agents…',
  loadMoreFailed: (message: string) => `Could not load more agents: ${message}`,
  retry: 'Try again',
} as const;
