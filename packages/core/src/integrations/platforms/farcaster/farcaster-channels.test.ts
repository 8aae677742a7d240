import { describe, expect, it } from 'vitest';
import { NEYNAR_ROUTES } from '@agentcast/test-fakes/neynar-api-fake';
import { failure } from '../common/platform-test-kit.ts';
import { createFarcasterChannels } from './farcaster-channels.ts';
import { useFarcasterFixture } from './farcaster-test-fixture.ts';
import { createNeynarRequester } from './neynar-requester.ts';

const { fake, farcaster, approvedAccount } = useFarcasterFixture();
const channels = (apiKey?: string) =>
  createFarcasterChannels(
    createNeynarRequester({ baseUrl: fake().baseUrl, apiKey: apiKey ?? fake().apiKey, timeoutMs: 2000 }),
  );

describe('Farcaster channels', () => {
  it('a channel Farcaster has exists; one it lacks does not', async () => {
    expect(await channels().exists('ai')).toBe(true);
    expect(await channels().exists('no-such-channel')).toBe(false);
  });

  it('when Neynar cannot say (a refused key, a failure on its side), the lookup throws instead of answering no', async () => {
    expect(await failure(channels('wrong-key').exists('ai'))).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    fake().failNext(NEYNAR_ROUTES.channel, { status: 503 });
    expect(await failure(channels().exists('ai'))).toMatchObject({ kind: 'transient' });
  });

  it('a cast into a channel Farcaster refuses says so about the channel, and nothing is cast', async () => {
    const credentials = await approvedAccount();
    expect(await failure(farcaster().publish(credentials, { text: 'Hello', channelId: 'gone' }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message:
        "Farcaster refused the cast in /gone: the channel does not exist or does not let this account cast there. Change the agent's Farcaster channel, or empty it to cast to the account's own feed.",
    });
    expect(fake().casts.filter((cast) => String(cast.fid) === credentials.accountId)).toEqual([]);
  });
});
