import type { Client } from '@agentcast/contracts/agents';

/**
 * Where an agent can answer people: replies are read from X alone (the chat activity polls its mentions there), so
 * Instagram and YouTube, where it only publishes, are not offered.
 */
export const CHAT_CLIENT_OPTIONS = ['terminal', 'x', 'linkedin'] as const satisfies readonly Client[];

export const isChatClient = (client: Client): client is (typeof CHAT_CLIENT_OPTIONS)[number] =>
  (CHAT_CLIENT_OPTIONS as readonly Client[]).includes(client);
