import { pollConversations, type ConversationServices } from './poll-conversations.ts';

/** The poll-conversations job's handler. A failure waits for the agent's next chat slot (the job is not retried). */
export const workPollConversationsJob = async (services: ConversationServices, { agentId }: { agentId: string }) => {
  try {
    await pollConversations(services, { agentId });
  } catch (error) {
    services.logger.warn({ err: error, agentId }, 'Looking for conversations failed; the next poll tries again');
  }
};
