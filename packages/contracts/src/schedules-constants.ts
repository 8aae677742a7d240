// The values of schedules.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. schedules.ts re-exports them, so every other importer keeps importing from there.

/** How many days ahead `next_post_at` looks for a slot that posts; past that the AgentBoard cannot name one. */
export const NEXT_POST_HORIZON_DAYS = 8;
