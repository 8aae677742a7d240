import type { Client } from '@agentcast/contracts/agents';

/**
 * Where an agent can answer people: the Terminal, LinkedIn as the spec lists it, and the platforms whose mentions
 * the chat activity reads (CONVERSATION_CLIENTS: X, Bluesky, Mastodon, Farcaster, Telegram, Threads, Facebook). Platforms where it only publishes are not offered.
 */
export const CHAT_CLIENT_OPTIONS = [
  'terminal',
  'x',
  'linkedin',
  'bluesky',
  'mastodon',
  'farcaster',
  'telegram',
  'threads',
  'facebook',
] as const satisfies readonly Client[];

export const isChatClient = (client: Client): client is (typeof CHAT_CLIENT_OPTIONS)[number] =>
  (CHAT_CLIENT_OPTIONS as readonly Client[]).includes(client);
