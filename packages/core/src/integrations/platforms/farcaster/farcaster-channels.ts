import { PlatformError } from '../common/platform.ts';
import type { NeynarRequester } from './neynar-requester.ts';

/** Farcaster's channels, for checking the one an agent names before its first cast goes there. */
export type FarcasterChannels = {
  /** Whether Farcaster has a channel with this id. Throws PlatformError when Neynar cannot say. */
  exists: (channelId: string) => Promise<boolean>;
};

/** Channels looked up through Neynar (`GET /v2/farcaster/channel?id=`, which answers 404 for a channel it lacks). */
export const createFarcasterChannels = (call: NeynarRequester): FarcasterChannels => ({
  exists: async (channelId) => {
    try {
      await call({ method: 'GET', path: '/v2/farcaster/channel', query: { id: channelId }, what: 'the channel' });
      return true;
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return false;
      throw error;
    }
  },
});
