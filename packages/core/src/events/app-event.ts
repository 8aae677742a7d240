/**
 * What processes tell each other through the database (LISTEN/NOTIFY), so that an SSE stream or a waiting trigger
 * request on one API process learns about a run finished by a worker in another.
 */
export type AppEvent =
  | { type: 'terminal.message'; userId: string; agentId: string; messageId: string; triggerId?: string }
  | { type: 'agent.run-failed'; userId: string; agentId: string; triggerId?: string; error: string };

export const EVENTS_CHANNEL = 'agentcast_events';
