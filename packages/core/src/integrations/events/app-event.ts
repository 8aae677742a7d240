import type { RunProgressStep } from '@agentcast/contracts/terminal';

/**
 * What processes tell each other through the database (LISTEN/NOTIFY), so that an SSE stream or a waiting request on
 * one API process learns about work finished by a worker in another.
 */
export type AppEvent =
  | { type: 'terminal.message'; workspaceId: string; agentId: string; messageId: string; triggerId?: string }
  /** A message changed after it was shown: where its post went (deliveries), or its draft's text. */
  | { type: 'terminal.updated'; workspaceId: string; agentId: string; messageId: string; triggerId?: undefined }
  /** A manual run reached a step (writing, media, publishing to one platform): shown while the trigger waits. */
  | {
      type: 'run.progress';
      workspaceId: string;
      agentId: string;
      runId: string;
      step: RunProgressStep;
      platform?: string;
      triggerId?: undefined;
    }
  | { type: 'agent.run-failed'; workspaceId: string; agentId: string; triggerId?: string; error: string }
  /** A run was let pass without a post (a near-duplicate of an earlier post); a waiting trigger answers with why. */
  | { type: 'agent.run-skipped'; workspaceId: string; agentId: string; triggerId?: string; reason: string }
  /** A draft got a new version (Regenerate), or could not: `requestId` is the waiting request's. */
  | {
      type: 'draft.regenerated';
      workspaceId: string;
      agentId: string;
      runId: string;
      requestId: string;
      triggerId?: undefined;
    }
  | {
      type: 'draft.regenerate-failed';
      workspaceId: string;
      agentId: string;
      runId: string;
      requestId: string;
      error: string;
      triggerId?: undefined;
    };

export const EVENTS_CHANNEL = 'agentcast_events';
