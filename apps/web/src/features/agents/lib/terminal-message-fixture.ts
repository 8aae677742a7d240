import type { DeliveryStatus, TerminalMessage } from '@agentcast/contracts/terminal';

/** A triggered run's terminal message for tests, every delivery in `status`. */
export const terminalMessage = (tweet_content: string, status: DeliveryStatus): TerminalMessage => ({
  message_id: 'm1',
  created_at: '2026-11-22T18:00:00.000Z',
  tweet_content,
  agent_id: 'a1',
  instruction: 'Write a tweet about AI',
  trigger: 'manual',
  reply_to: null,
  model: 'gpt-4o',
  is_offline: false,
  deliveries: [
    { platform: 'terminal', status },
    { platform: 'x', status },
  ],
  notes: [],
  sources: [],
});
