import { AGENT_MESSAGES, type AgentFields } from '@agentcast/contracts/agents';
import { AppError } from '../../kernel/app-error.ts';
import type { AgentServices } from './agent-services.ts';

/**
 * Refuses a Farcaster channel Farcaster does not have, so a typo is told at once and not at the first cast hours
 * later. Asked only when the channel is new or changed and this server speaks to Farcaster; when Neynar cannot
 * answer, the channel is kept as typed (publishing still explains a refused channel in words).
 */
export const checkFarcasterChannel = async (
  services: Pick<AgentServices, 'farcasterChannels' | 'logger'>,
  fields: Pick<AgentFields, 'farcaster_channel'>,
  savedChannel = '',
) => {
  const channel = fields.farcaster_channel;
  if (!channel || channel === savedChannel || !services.farcasterChannels) return;
  let exists: boolean;
  try {
    exists = await services.farcasterChannels.exists(channel);
  } catch (error) {
    services.logger.warn({ err: error, channel }, 'Could not look up the Farcaster channel; it is saved as typed');
    return;
  }
  if (exists) return;
  const message = AGENT_MESSAGES.farcasterChannelUnknown(channel);
  throw new AppError('VALIDATION_FAILED', message, { fieldErrors: { farcaster_channel: [message] } });
};
