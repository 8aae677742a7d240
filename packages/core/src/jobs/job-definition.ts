import type { z } from 'zod';

/**
 * A job: a name, the zod schema of its payload, and how often to retry. Handlers live with the worker and must be
 * idempotent. A payload that fails its schema is a bug in the sender, so the worker drops it without retrying.
 */
export type JobDefinition<Payload extends z.ZodType> = {
  name: string;
  payload: Payload;
  /** Attempts after the first, with exponential backoff. */
  retryLimit: number;
};

export const defineJob = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;
