import { describe, expect, it } from 'vitest';
import { failure } from '../common/platform-test-kit.ts';
import { youTubeTokenMayGoTo } from './youtube-requester.ts';
import { BYTES, PIECE, SESSION, useYouTubePlatformFixture } from './youtube-platform-fixture.ts';

const t = useYouTubePlatformFixture();

describe('publishing a Short to YouTube', () => {
  it('starts a resumable session with the metadata, PUTs the bytes to the session URL, and returns the Short', async () => {
    const video = t.clip();
    const requests = t.watch();
    const post = await t.youTube().publish(t.credentials, {
      text: 'Ship small changes. Big plans > big bugs.',
      media: [video],
    });

    expect(requests().map((request) => request.route)).toEqual([SESSION, BYTES]);
    const [session, upload] = requests();
    expect(session?.query).toEqual({ uploadType: 'resumable', part: 'snippet,status' });
    expect(session?.headers).toMatchObject({
      authorization: `Bearer ${t.token}`,
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-type': 'video/mp4',
      'x-upload-content-length': '300000',
    });
    expect(session?.json).toEqual({
      snippet: {
        title: 'Ship small changes #Shorts',
        description: 'Ship small changes. Big plans › big bugs.',
        categoryId: '22',
      },
      status: { privacyStatus: 'private', selfDeclaredMadeForKids: false },
    });
    expect(upload?.path).toBe('/upload/youtube/v3/videos');
    expect(upload?.query.upload_id).toBeTruthy();
    expect(upload?.headers).toMatchObject({
      authorization: `Bearer ${t.token}`,
      'content-type': 'video/mp4',
      'content-length': '300000',
    });
    expect(upload?.headers['content-range']).toBeUndefined();
    expect(upload?.body.equals(video.bytes)).toBe(true);

    const stored = t.storedVideo(post.postId);
    expect(post).toEqual({ postId: stored?.id, url: `https://www.youtube.com/shorts/${stored?.id}` });
    expect(post.postId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(stored).toMatchObject({
      channelId: t.credentials.accountId,
      privacyStatus: 'private',
      contentType: 'video/mp4',
    });
    expect(stored?.bytes.equals(video.bytes)).toBe(true);
  });

  it("uploads with the agent's chosen privacy", async () => {
    const unlisted = await t.youTube().publish(t.credentials, {
      text: 'Unlisted',
      media: [t.clip(1000)],
      videoPrivacy: 'unlisted',
    });
    expect((t.fake.requestsTo(SESSION).at(-1)?.json as { status?: unknown }).status).toEqual({
      privacyStatus: 'unlisted',
      selfDeclaredMadeForKids: false,
    });
    expect(t.storedVideo(unlisted.postId)?.privacyStatus).toBe('unlisted');
    const open = await t
      .youTube()
      .publish(t.credentials, { text: 'Public', media: [t.clip(1000)], videoPrivacy: 'public' });
    expect(t.storedVideo(open.postId)?.privacyStatus).toBe('public');
  });

  it('sends a long video in pieces of the configured size with Content-Range, each answered 308 but the last', async () => {
    const video = t.clip(Math.floor(2.5 * PIECE));
    const requests = t.watch();
    const post = await t.youTube({ uploadChunkBytes: PIECE }).publish(t.credentials, { text: 'Long', media: [video] });

    const pieces = requests().filter((request) => request.route === BYTES);
    expect(pieces.map((piece) => piece.headers['content-range'])).toEqual([
      'bytes 0-262143/655360',
      'bytes 262144-524287/655360',
      'bytes 524288-655359/655360',
    ]);
    expect(pieces.map((piece) => piece.bodyBytes)).toEqual([PIECE, PIECE, PIECE / 2]);
    expect(t.storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('carries the first video and notes the images and further videos it left out', async () => {
    const first = t.clip(2000);
    const post = await t.youTube().publish(t.credentials, {
      text: 'A post with everything',
      media: [t.graphic(), first, t.graphic(), t.clip(3000)],
    });
    expect(t.storedVideo(post.postId)?.bytes.equals(first.bytes)).toBe(true);
    expect(post.notes).toEqual([
      'YouTube Shorts carry a video only: the 2 images were left out.',
      'A YouTube Short is one video: 1 more were left out.',
    ]);
  });

  it('a post without a video, or as a reply: permanent, without calling YouTube', async () => {
    const requests = t.watch();
    const none = await failure(t.youTube().publish(t.credentials, { text: 'Only an image', media: [t.graphic()] }));
    expect(none).toMatchObject({
      kind: 'permanent',
      reason: 'rejected',
      message: 'YouTube takes videos only: this post has none.',
    });
    const reply = await failure(
      t.youTube().publish(t.credentials, { text: 'A reply', media: [t.clip(10)], replyToPostId: 'dQw4w9WgXcQ' }),
    );
    expect(reply).toMatchObject({ kind: 'permanent', reason: 'rejected' });
    expect(requests()).toEqual([]);
  });

  it('describes what YouTube needs: a vertical video, text up to 5000 characters, no replies', () => {
    expect(t.youTube()).toMatchObject({
      id: 'youtube',
      name: 'YouTube',
      maxTextLength: 5000,
      supportsReplies: false,
      requiresMedia: 'video',
      mediaRenditions: { video: 'vertical' },
    });
    expect(() => t.youTube({ uploadChunkBytes: 100_000 })).toThrow(/multiple of 256 KiB/);
  });

  it('sends the token only to the configured API and to Google API hosts over https', () => {
    const base = new URL('http://127.0.0.1:5005');
    expect(youTubeTokenMayGoTo(base, new URL('http://127.0.0.1:5005/upload/youtube/v3/videos?upload_id=x'))).toBe(true);
    expect(youTubeTokenMayGoTo(base, new URL('https://www.googleapis.com/upload/youtube/v3/videos'))).toBe(true);
    expect(youTubeTokenMayGoTo(base, new URL('http://www.googleapis.com/upload'))).toBe(false);
    expect(youTubeTokenMayGoTo(base, new URL('https://googleapis.com.example.net/upload'))).toBe(false);
    expect(youTubeTokenMayGoTo(base, new URL('http://127.0.0.1:6006/upload'))).toBe(false);
  });
});

describe('an interrupted YouTube upload', () => {
  it('answer to the last piece lost after YouTube made the video: the status query finds it, no second video', async () => {
    t.fake.dropNext(BYTES, { afterAccept: true });
    const before = t.fake.videos.length;
    const requests = t.watch();
    const post = await t.youTube().publish(t.credentials, { text: 'Dropped answer', media: [t.clip()] });

    expect(t.fake.videos.length).toBe(before + 1);
    expect(post.postId).toBe(t.fake.videos.at(-1)?.id);
    expect(requests().map((request) => request.route)).toEqual([SESSION, BYTES, BYTES]);
    const statusQuery = requests()[2];
    expect(statusQuery?.headers['content-range']).toBe('bytes */300000');
    expect(statusQuery?.headers['content-length']).toBe('0');
    expect(statusQuery?.query.upload_id).toBe(requests()[1]?.query.upload_id);
  });

  it('cut midway: resumed from the Range YouTube reports, and YouTube holds exactly the video', async () => {
    const video = t.clip();
    t.fake.cutNextUpload(100_000);
    const requests = t.watch();
    const post = await t.youTube().publish(t.credentials, { text: 'Cut midway', media: [video] });

    const puts = requests().filter((request) => request.route === BYTES);
    expect(puts.map((put) => put.headers['content-range'])).toEqual([
      undefined,
      'bytes */300000',
      'bytes 100000-299999/300000',
    ]);
    expect(puts[2]?.body.equals(video.bytes.subarray(100_000))).toBe(true);
    expect(t.storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('cut midway through a piece: the following pieces go on from the offset YouTube reports', async () => {
    const video = t.clip(600_000);
    t.fake.cutNextUpload(100_000);
    const requests = t.watch();
    const post = await t
      .youTube({ uploadChunkBytes: PIECE })
      .publish(t.credentials, { text: 'In pieces', media: [video] });

    expect(
      requests()
        .filter((request) => request.route === BYTES)
        .map((put) => put.headers['content-range']),
    ).toEqual(['bytes 0-262143/600000', 'bytes */600000', 'bytes 100000-362143/600000', 'bytes 362144-599999/600000']);
    expect(t.storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('a piece that never answers: after the timeout nothing had arrived, so the video goes again from byte 0', async () => {
    const video = t.clip();
    t.fake.hangNext(BYTES);
    const before = t.fake.videos.length;
    const requests = t.watch();
    const post = await t.youTube({ timeoutMs: 400 }).publish(t.credentials, { text: 'Hung once', media: [video] });

    const puts = requests().filter((request) => request.route === BYTES);
    expect(puts.map((put) => put.headers['content-range'])).toEqual([undefined, 'bytes */300000', undefined]);
    expect(t.fake.videos.length).toBe(before + 1);
    expect(t.storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
  });

  it('a 503 on a piece: the status query says where to go on', async () => {
    t.fake.failNext(BYTES, { status: 503 });
    const video = t.clip();
    const post = await t.youTube().publish(t.credentials, { text: 'YouTube hiccup', media: [video] });
    expect(t.storedVideo(post.postId)?.bytes.equals(video.bytes)).toBe(true);
    expect(
      t.fake
        .requestsTo(BYTES)
        .slice(-2)
        .map((put) => put.headers['content-range']),
    ).toEqual(['bytes */300000', undefined]);
  });

  it('the status query fails too after the last piece went out: unknown, and findRecentPost finds the video', async () => {
    const since = new Date();
    const text = 'Lost twice: <done> beats perfect.\n\nEvery time.';
    t.fake.dropNext(BYTES, { afterAccept: true, times: 2 });
    const error = await failure(t.youTube().publish(t.credentials, { text, media: [t.clip()] }));
    expect(error).toMatchObject({ kind: 'unknown', reason: 'connection_lost' });
    expect(error.message).toMatch(
      /^YouTube's answer to the end of the video was lost, and asking how far the upload got failed too \(.+\): the video may have been published\.$/,
    );

    const stored = t.fake.videos.at(-1);
    expect(stored?.channelId).toBe(t.credentials.accountId);
    const requests = t.watch();
    const found = await t.youTube().findRecentPost!(t.credentials, { text, since });
    expect(found).toEqual({ postId: stored?.id, url: `https://www.youtube.com/shorts/${stored?.id}` });
    const [channel, playlist] = requests();
    expect(channel?.route).toBe('GET /youtube/v3/channels');
    expect(channel?.query).toEqual({ part: 'contentDetails', id: t.credentials.accountId });
    expect(channel?.headers.authorization).toBe(`Bearer ${t.token}`);
    expect(playlist?.route).toBe('GET /youtube/v3/playlistItems');
    expect(playlist?.query).toEqual({
      part: 'snippet',
      playlistId: `UU${t.credentials.accountId.slice(2)}`,
      maxResults: '25',
    });
  });

  it('the last piece lost and the session then gone: unknown, since the video may have been made before it went', async () => {
    t.fake.dropNext(BYTES, { afterAccept: true });
    t.fake.failNext(BYTES, { status: 404 });
    const error = await failure(t.youTube().publish(t.credentials, { text: 'Session gone', media: [t.clip()] }));
    expect(error.kind).toBe('unknown');
    expect(t.fake.videos.at(-1)?.description).toBe('Session gone');
  });

  it('a piece that could not finish the upload lost, then the session gone: transient, nothing published', async () => {
    t.fake.dropNext(BYTES);
    t.fake.failNext(BYTES, { status: 404 });
    const before = t.fake.videos.length;
    const error = await failure(
      t.youTube({ uploadChunkBytes: PIECE }).publish(t.credentials, { text: 'Expired', media: [t.clip(600_000)] }),
    );
    expect(error).toMatchObject({
      kind: 'transient',
      reason: 'media_failed',
      status: 404,
      message:
        "YouTube's upload session ended before the video was complete (404): nothing was published, and the next attempt starts the upload over.",
    });
    expect(t.fake.videos.length).toBe(before);
  });

  it('a timeout before any byte of the video went out is transient, never unknown', async () => {
    t.fake.hangNext(SESSION);
    const requests = t.watch();
    const error = await failure(
      t.youTube({ timeoutMs: 300 }).publish(t.credentials, { text: 'Slow', media: [t.clip()] }),
    );
    expect(error).toMatchObject({ kind: 'transient', reason: 'timeout' });
    expect(requests().map((request) => request.route)).toEqual([SESSION]);
  });
});
