import type { Job } from 'pg-boss';
import { POLL_CONVERSATIONS_JOB } from '@agentcast/core/replies/poll-conversations-job';
import { pollConversations, type ConversationServices } from '@agentcast/core/replies/poll-conversations';
import { jobPayload } from './job-payload.ts';

/** Looks for posts an agent should answer. A failure waits for the agent's next chat slot. */
export const handlePollConversations = (services: ConversationServices) => async (jobs: Job<unknown>[]) => {
  for (const job of jobs) {
    const payload = jobPayload(POLL_CONVERSATIONS_JOB, job, services.logger);
    if (!payload) continue;
    try {
      await pollConversations(services, payload);
    } catch (error) {
      services.logger.warn({ err: error, agentId: payload.agentId }, 'Looking for conversations failed; the next poll tries again');
    }
  }
};
