import type { z } from 'zod';

/**
 * A job: a name, the zod schema of its payload, and how often to retry. Its handler lives in the same domain and must
 * be idempotent; the worker (apps/server/src/jobs) only checks the payload and calls it. A payload that fails its
 * schema is a bug in the sender, so the worker drops it without retrying.
 */
export type JobDefinition<Payload extends z.ZodType> = {
  name: string;
  payload: Payload;
  /** Attempts after the first, with exponential backoff. */
  retryLimit: number;
};

export const defineJob = <Payload extends z.ZodType>(definition: JobDefinition<Payload>) => definition;

/** Which attempt of its job a handler is working: `retryCount` 0 is the first, `retryLimit` the last. */
export type JobAttempt = { retryCount: number; retryLimit: number };

export const isLastAttempt = ({ retryCount, retryLimit }: JobAttempt) => retryCount >= retryLimit;
