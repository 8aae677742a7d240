import { z } from 'zod';
import { defineJob } from '../../integrations/queue/job-definition.ts';
import type { ConversationServices } from './poll-conversations.ts';

/** Looks for posts an agent should reply to (its mentions, and posts of the accounts it follows). Sent by its chat schedule. */
export const POLL_CONVERSATIONS_JOB = defineJob({
  name: 'poll-conversations',
  payload: z.object({ agentId: z.uuid() }),
  // The next poll comes with the next slot.
  retryLimit: 0,
  notify: true,
  work: { pollingIntervalSeconds: 2, localConcurrency: 2 },
  handler: async () => {
    const { workPollConversationsJob } = await import('./work-poll-conversations-job.ts');
    return { each: (services: ConversationServices, payload) => workPollConversationsJob(services, payload) };
  },
});
