/**
 * What processes tell each other through the database (LISTEN/NOTIFY), so that an SSE stream or a waiting trigger
 * request on one API process learns about a run finished by a worker in another.
 */
export type AppEvent =
  | { type: 'terminal.message'; userId: string; agentId: string; messageId: string; triggerId?: string }
  /** A message changed after it was shown: where its post went (deliveries). */
  | { type: 'terminal.updated'; userId: string; agentId: string; messageId: string; triggerId?: undefined }
  | { type: 'agent.run-failed'; userId: string; agentId: string; triggerId?: string; error: string };

export const EVENTS_CHANNEL = 'agentcast_events';
