import type { Logger } from 'pino';
import type { z } from 'zod';
import type { JobDefinition } from '@agentcast/core/integrations/queue/job-definition';

/**
 * The job's payload, checked against its definition; null (logged, never retried) when it does not fit: a bad
 * payload is a bug in the sender, and retrying it would fail the same way.
 */
export const jobPayload = <Payload extends z.ZodType>(
  definition: Pick<JobDefinition<Payload, never>, 'name' | 'payload'>,
  job: { id: string; data: unknown },
  logger: Logger,
): z.output<Payload> | null => {
  const parsed = definition.payload.safeParse(job.data);
  if (parsed.success) return parsed.data;
  logger.error(
    { jobId: job.id, job: definition.name, issues: parsed.error.issues },
    'Dropped a job with a bad payload',
  );
  return null;
};
