import type { Agent } from '@agentcast/contracts/agents';

/**
 * What the Review tab needs of an agent: who it is, its X account, where its posts go, whether it posts threads, who
 * may watch its YouTube videos and the Farcaster channel its casts go into.
 */
export type ReviewAgent = Pick<
  Agent,
  'id' | 'name' | 'image' | 'x_username' | 'post_configuration' | 'x_threads' | 'video_privacy' | 'farcaster_channel'
>;
