import { beforeEach, describe, expect, it } from 'vitest';
import { NEYNAR_ROUTES } from '@agentcast/test-fakes/neynar-api-fake';
import type { PlatformCredentials, PostMedia } from '../common/platform.ts';
import { closedAddress, failure } from '../common/platform-test-kit.ts';
import { FARCASTER_MAX_BYTES, farcasterTextBytes } from './farcaster-platform.ts';
import { useFarcasterFixture } from './farcaster-test-fixture.ts';

const { fake, farcaster, approvedAccount } = useFarcasterFixture();
let credentials: PlatformCredentials;

beforeEach(async () => {
  credentials = await approvedAccount();
});

const image = (publicUrl?: string): PostMedia => ({
  kind: 'image',
  bytes: Buffer.from('png'),
  contentType: 'image/png',
  ...(publicUrl && { publicUrl }),
});
const lastCastRequest = () => fake().requestsTo(NEYNAR_ROUTES.cast).at(-1);
const castsOfAccount = () => fake().casts.filter((cast) => String(cast.fid) === credentials.accountId);

describe('casting to Farcaster', () => {
  it('casts the text with the person’s signer and an idem that names the delivery’s part, then links the cast', async () => {
    const post = await farcaster().publish(credentials, {
      text: 'Small models, big wins. #AI',
      idempotency: { key: 'delivery-1:0', at: new Date() },
    });
    const [cast] = castsOfAccount();
    expect(lastCastRequest()?.headers['x-api-key']).toBe(fake().apiKey);
    expect(lastCastRequest()?.json).toEqual({
      signer_uuid: credentials.accessToken,
      text: 'Small models, big wins. #AI',
      idem: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(post).toEqual({
      postId: cast!.hash,
      url: `https://farcaster.xyz/${cast!.username}/${cast!.hash.slice(0, 10)}`,
    });

    // The same part of the same delivery always sends the same idem; another part, another.
    const idem = (lastCastRequest()?.json as { idem: string }).idem;
    await farcaster().publish(credentials, { text: 'Part two', idempotency: { key: 'delivery-1:1', at: new Date() } });
    expect((lastCastRequest()?.json as { idem: string }).idem).not.toBe(idem);
    await farcaster().publish(credentials, {
      text: 'Small models, big wins. #AI',
      idempotency: { key: 'delivery-1:0', at: new Date() },
    });
    expect((lastCastRequest()?.json as { idem: string }).idem).toBe(idem);
  });

  it('a thread’s next part replies to the cast before it (parent), and a channel goes with the first cast only', async () => {
    const first = await farcaster().publish(credentials, { text: 'Part one 1/2', channelId: 'ai' });
    expect(lastCastRequest()?.json).toMatchObject({ text: 'Part one 1/2', channel_id: 'ai' });
    expect(lastCastRequest()?.json).not.toHaveProperty('parent');

    await farcaster().publish(credentials, { text: 'Part two 2/2', replyToPostId: first.postId, channelId: 'ai' });
    expect(lastCastRequest()?.json).toEqual({
      signer_uuid: credentials.accessToken,
      text: 'Part two 2/2',
      parent: first.postId,
    });
    expect(castsOfAccount().map((cast) => [cast.text, cast.parent, cast.channelId])).toEqual([
      ['Part one 1/2', null, 'ai'],
      ['Part two 2/2', first.postId, null],
    ]);
  });

  it('carries two images by their public URL; a third, a video and an image without a public URL are left out, said in notes', async () => {
    const post = await farcaster().publish(credentials, {
      text: 'Four media',
      media: [
        image('https://cdn.example/a.png'),
        image(),
        { kind: 'video', bytes: Buffer.from('mp4'), contentType: 'video/mp4', publicUrl: 'https://cdn.example/v.mp4' },
        image('https://cdn.example/b.png'),
        image('https://cdn.example/c.png'),
      ],
    });
    expect(lastCastRequest()?.json).toMatchObject({
      embeds: [{ url: 'https://cdn.example/a.png' }, { url: 'https://cdn.example/b.png' }],
    });
    expect(castsOfAccount()[0]?.embeds).toEqual([
      { url: 'https://cdn.example/a.png' },
      { url: 'https://cdn.example/b.png' },
    ]);
    expect(post.notes).toEqual([
      'Farcaster shows images from a public address only: an image without one was left out.',
      'Farcaster casts from Agentcast carry images only: the video was left out.',
      'Farcaster carries up to two images per cast: 1 was left out.',
    ]);
    await farcaster().publish(credentials, { text: 'No media' });
    expect(lastCastRequest()?.json).not.toHaveProperty('embeds');
  });

  it('counts bytes, not characters: 320 go out, 321 are refused before any request', async () => {
    expect(farcasterTextBytes('é'.repeat(160))).toBe(FARCASTER_MAX_BYTES);
    expect(farcasterTextBytes('🚀')).toBe(4);
    await farcaster().publish(credentials, { text: 'é'.repeat(160) });
    expect(castsOfAccount()).toHaveLength(1);

    const before = fake().requests.length;
    const tooLong = await failure(farcaster().publish(credentials, { text: `${'é'.repeat(160)}!` }));
    expect(tooLong).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(tooLong.message).toBe(
      'The cast is 321 bytes; Farcaster takes at most 320 (turn on threads for longer posts).',
    );
    expect(fake().requests.length).toBe(before);
  });
});

describe('when Neynar refuses a cast', () => {
  it('a refused API key: permanent, naming the operator’s key, not the person’s account', async () => {
    const refused = await failure(farcaster({ apiKey: 'revoked-key' }).publish(credentials, { text: 'Hello' }));
    expect(refused).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 401 });
    expect(refused.message).toBe("Neynar refused this server's API key (401): the operator must check NEYNAR_API_KEY.");
    expect(castsOfAccount()).toHaveLength(0);
  });

  it('a key the person revoked in their Farcaster app: permanent, saying to connect Farcaster again', async () => {
    fake().revokeSigner(credentials.accessToken);
    const revoked = await failure(farcaster().publish(credentials, { text: 'Nobody hears' }));
    expect(revoked).toMatchObject({ kind: 'permanent', reason: 'reconnect_required', status: 403 });
    expect(revoked.message).toBe(
      "Farcaster no longer accepts this account's authorization (403: Signer is not approved or was revoked). Reconnect the Farcaster account to go on posting.",
    );
  });

  it('a cast Neynar finds invalid is rejected in its words', async () => {
    fake().failNext(NEYNAR_ROUTES.cast, {
      status: 400,
      body: { code: 'InvalidField', message: 'parent is not a valid cast hash', property: 'parent' },
    });
    expect(await failure(farcaster().publish(credentials, { text: 'Odd' }))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'Farcaster rejected the cast (400: parent is not a valid cast hash).',
    });
  });

  it('429: transient with the time Neynar gives, else a minute; 500: transient; unreachable: transient', async () => {
    fake().failNext(NEYNAR_ROUTES.cast, { status: 429, retryAfterSeconds: 30 });
    const limited = await failure(farcaster().publish(credentials, { text: 'Later' }));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited', status: 429 });
    expect(limited.retryAt!.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(limited.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    fake().failNext(NEYNAR_ROUTES.cast, { status: 429 });
    const unsaid = await failure(farcaster().publish(credentials, { text: 'Later' }));
    expect(unsaid.retryAt!.getTime() - Date.now()).toBeGreaterThan(50_000);

    fake().failNext(NEYNAR_ROUTES.cast, { status: 500 });
    expect(await failure(farcaster().publish(credentials, { text: 'Later' }))).toMatchObject({
      kind: 'transient',
      reason: 'platform_unavailable',
      status: 500,
    });
    expect(
      await failure(farcaster({ baseUrl: await closedAddress() }).publish(credentials, { text: 'Later' })),
    ).toMatchObject({ kind: 'transient', reason: 'unreachable' });
    expect(castsOfAccount()).toHaveLength(0);
  });
});

describe('a cast whose answer is lost', () => {
  it('is unknown; findRecentPost finds it, and a repeat with the same idem makes no second cast', async () => {
    const since = new Date(Date.now() - 1000);
    fake().dropNextCast();
    const request = { text: 'Did it go? https://example.com/x', idempotency: { key: 'delivery-2:0', at: since } };
    expect(await failure(farcaster().publish(credentials, request))).toMatchObject({
      kind: 'unknown',
      reason: 'connection_lost',
    });
    const [made] = castsOfAccount();
    expect(made?.text).toBe(request.text);

    await farcaster().publish(credentials, { text: 'Something else' });
    const found = await farcaster().findRecentPost!(credentials, { text: request.text, since });
    expect(found).toEqual({
      postId: made!.hash,
      url: `https://farcaster.xyz/${made!.username}/${made!.hash.slice(0, 10)}`,
    });
    expect(fake().requestsTo(NEYNAR_ROUTES.userCasts).at(-1)?.query).toEqual({
      fid: credentials.accountId,
      limit: '50',
      include_replies: 'true',
    });

    const again = await farcaster().publish(credentials, request);
    expect(again.postId).toBe(made!.hash);
    expect(castsOfAccount()).toHaveLength(2);
  });

  it('a cast answered only after the timeout is unknown too; a read that times out is transient', async () => {
    fake().hangNext(NEYNAR_ROUTES.cast, { afterAccept: true });
    expect(await failure(farcaster({ timeoutMs: 300 }).publish(credentials, { text: 'Slow' }))).toMatchObject({
      kind: 'unknown',
      reason: 'timeout',
    });
    fake().hangNext(NEYNAR_ROUTES.userCasts);
    const since = new Date(Date.now() - 60_000);
    expect(
      await failure(farcaster({ timeoutMs: 300 }).findRecentPost!(credentials, { text: 'Slow', since })),
    ).toMatchObject({ kind: 'transient', reason: 'timeout' });
  });

  it('findRecentPost: null when no cast since then carries the text', async () => {
    await farcaster().publish(credentials, { text: 'Old news' });
    const later = new Date(Date.now() + 60_000);
    await expect(farcaster().findRecentPost!(credentials, { text: 'Old news', since: later })).resolves.toBeNull();
    await expect(
      farcaster().findRecentPost!(credentials, { text: 'Never cast', since: new Date(0) }),
    ).resolves.toBeNull();
  });
});

describe('deleting casts and reading their reactions', () => {
  it('deletes a cast with the signer; a cast already gone counts as deleted', async () => {
    const gone = await farcaster().publish(credentials, { text: 'Taken back' });
    await farcaster().deletePost(credentials, gone.postId);
    expect(fake().requestsTo(NEYNAR_ROUTES.deleteCast).at(-1)?.json).toEqual({
      signer_uuid: credentials.accessToken,
      target_hash: gone.postId,
    });
    expect(castsOfAccount()).toHaveLength(0);
    await expect(farcaster().deletePost(credentials, gone.postId)).resolves.toBeUndefined();
    expect(fake().requestsTo(NEYNAR_ROUTES.deleteCast).at(-1)?.json).toMatchObject({ target_hash: gone.postId });
  });

  it('another account’s cast is not deleted and says why; what is not a cast hash is refused before any request', async () => {
    const theirs = await farcaster().publish(await approvedAccount(), { text: 'Not yours' });
    const forbidden = await failure(farcaster().deletePost(credentials, theirs.postId));
    expect(forbidden).toMatchObject({ kind: 'permanent', reason: 'forbidden', status: 403 });
    expect(forbidden.message).toContain('check that this post belongs to the connected Farcaster account');
    expect(fake().casts.some((cast) => cast.hash === theirs.postId)).toBe(true);

    const before = fake().requests.length;
    expect(await failure(farcaster().deletePost(credentials, 'not-a-hash'))).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'Farcaster cannot delete "not-a-hash": it is not a cast hash.',
    });
    expect(fake().requests.length).toBe(before);
  });

  it('reads likes, recasts and replies of many casts in one request; a deleted cast is absent', async () => {
    const counted = await farcaster().publish(credentials, { text: 'Counted' });
    const quiet = await farcaster().publish(credentials, { text: 'Quiet' });
    const gone = await farcaster().publish(credentials, { text: 'Gone' });
    await farcaster().deletePost(credentials, gone.postId);
    fake().setReactions(counted.postId, { likes: 7, recasts: 2, replies: 3 });

    const metrics = await farcaster().readMetrics!(credentials, [counted.postId, quiet.postId, gone.postId]);
    expect(fake().requestsTo(NEYNAR_ROUTES.casts).at(-1)?.query).toEqual({
      casts: `${counted.postId},${quiet.postId},${gone.postId}`,
    });
    expect(new Map(metrics)).toEqual(
      new Map([
        [counted.postId, { likes: 7, reposts: 2, replies: 3 }],
        [quiet.postId, { likes: 0, reposts: 0, replies: 0 }],
      ]),
    );
    expect(farcaster().metricsReading).toEqual({
      batchSize: 25,
      limit: { requests: 60, windowMs: 60_000, per: 'app' },
    });
  });
});
