import type { Job } from 'pg-boss';
import { POLL_CONVERSATIONS_JOB } from '@agentcast/core/replies/poll-conversations-job';
import { pollConversations, type ConversationServices } from '@agentcast/core/replies/poll-conversations';

/** Looks for posts an agent should answer. A failure waits for the agent's next chat slot. */
export const handlePollConversations = (services: ConversationServices) => async (jobs: Job<unknown>[]) => {
  for (const job of jobs) {
    const parsed = POLL_CONVERSATIONS_JOB.payload.safeParse(job.data);
    if (!parsed.success) {
      services.logger.error({ jobId: job.id }, 'Dropped a poll-conversations job with a bad payload');
      continue;
    }
    try {
      await pollConversations(services, parsed.data);
    } catch (error) {
      services.logger.warn({ err: error, agentId: parsed.data.agentId }, 'Looking for conversations failed; the next poll tries again');
    }
  }
};
