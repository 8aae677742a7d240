import { randomBytes } from 'node:crypto';
import type { FakeReply, RouteContext } from './platform-fake-kit.ts';
import { int64, invalidParam, tiktokError, tiktokOk } from './tiktok-fake-envelope.ts';
import type { TikTokFakeCreator, TikTokFakePost, TikTokFakeState } from './tiktok-fake-types.ts';

const MIB = 1024 * 1024;
/** TikTok's chunk bounds, read strictly (its "MB" may be either): at least 5 MiB, at most 64,000,000 bytes. */
const MIN_CHUNK = 5 * MIB;
const MAX_CHUNK = 64_000_000;
const MAX_LAST_CHUNK = 128_000_000;

type Body = Record<string, unknown>;
const objectOf = (value: unknown): Body => (value && typeof value === 'object' ? (value as Body) : {});
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The audit and privacy rules an init is checked against, with TikTok's error for each. */
const privacyRefusal = (creator: TikTokFakeCreator, level: unknown): FakeReply | undefined => {
  if (typeof level !== 'string' || !level) return invalidParam('post_info.privacy_level is required.');
  if (!creator.audited && (level !== 'SELF_ONLY' || !creator.privateAccount)) {
    return tiktokError(
      403,
      'unaudited_client_can_only_post_to_private_accounts',
      'Please review our integration guidelines at https://developers.tiktok.com/doc/content-sharing-guidelines/',
    );
  }
  if (!creator.privacyLevels.includes(level)) {
    return tiktokError(403, 'privacy_level_option_mismatch', 'privacy_level is not one of the creator’s options.');
  }
  return undefined;
};

/** TikTok's FILE_UPLOAD rules (media transfer guide) for the numbers video/init declares. */
const chunkPlanRefusal = (source: Body): FakeReply | undefined => {
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = source;
  if (!isCount(size) || !isCount(chunk) || !isCount(count)) {
    return invalidParam('video_size, chunk_size and total_chunk_count must be positive integers.');
  }
  if (chunk > size || count !== Math.floor(size / chunk) || count > 1000) {
    return invalidParam('total_chunk_count must be video_size / chunk_size rounded down, from 1 to 1000.');
  }
  const last = size - (count - 1) * chunk;
  if (chunk !== size && (chunk < MIN_CHUNK || chunk > MAX_CHUNK)) return invalidParam('chunk_size must be 5 to 64 MB.');
  if (chunk > MAX_CHUNK || last > MAX_LAST_CHUNK) return invalidParam('A chunk is larger than TikTok takes.');
  return undefined;
};

/** The publish a request names, or TikTok's refusal. */
export const findPublish = (state: TikTokFakeState, creator: TikTokFakeCreator, publishId: unknown) => {
  const post = state.posts.find((candidate) => candidate.publishId === publishId);
  if (!post) return tiktokError(400, 'invalid_publish_id', 'The publish_id does not exist.');
  if (post.openId !== creator.openId) {
    return tiktokError(400, 'token_not_authorized_for_specified_publish_id', 'The publish_id is not this user’s.');
  }
  return post;
};

const newPost = (
  state: TikTokFakeState,
  creator: TikTokFakeCreator,
  fields: Pick<TikTokFakePost, 'kind' | 'post_info' | 'source_info' | 'status'>,
): TikTokFakePost => {
  const post: TikTokFakePost = {
    ...fields,
    publishId: `${fields.kind === 'video' ? 'v_pub_file' : 'p_pub_url'}~v2-1.${randomBytes(8).toString('hex')}`,
    openId: creator.openId,
    uploadId: randomBytes(6).toString('hex'),
    uploadToken: randomBytes(12).toString('hex'),
    bytes: Buffer.alloc(0),
    chunkRanges: [],
    photos: [],
    script: state.scripts.shift() ?? {},
    create_time: Math.floor(Date.now() / 1000),
  };
  state.posts.push(post);
  return post;
};

/** POST /v2/post/publish/video/init/: a direct post of a video, its bytes to come by FILE_UPLOAD. */
export const initVideo = (state: TikTokFakeState, { request }: RouteContext, creator: TikTokFakeCreator) => {
  const body = objectOf(request.json);
  const postInfo = objectOf(body.post_info);
  const source = objectOf(body.source_info);
  const refusal = privacyRefusal(creator, postInfo.privacy_level);
  if (refusal) return refusal;
  if (typeof postInfo.title === 'string' && postInfo.title.length > 2200) return invalidParam('The title is too long.');
  if (source.source !== 'FILE_UPLOAD') return invalidParam('This fake takes video by FILE_UPLOAD only.');
  const planRefusal = chunkPlanRefusal(source);
  if (planRefusal) return planRefusal;
  const post = newPost(state, creator, {
    kind: 'video',
    post_info: postInfo,
    source_info: source,
    status: 'PROCESSING_UPLOAD',
  });
  const uploadUrl = `http://${String(request.headers.host)}/video/?upload_id=${post.uploadId}&upload_token=${post.uploadToken}`;
  return tiktokOk({ publish_id: post.publishId, upload_url: uploadUrl });
};

/**
 * PUT {upload_url}: one chunk, answered with a bare status as TikTok does — 206 while more are due, 201 once the
 * video is complete. Chunks must come in order, each exactly as the init's plan says.
 */
export const uploadChunk = (state: TikTokFakeState, { request }: RouteContext): FakeReply => {
  const post = state.posts.find(
    (candidate) =>
      candidate.uploadId === request.query.upload_id && candidate.uploadToken === request.query.upload_token,
  );
  if (!post || post.kind !== 'video') return { status: 404 };
  const size = post.source_info.video_size as number;
  const chunkSize = post.source_info.chunk_size as number;
  const count = post.source_info.total_chunk_count as number;
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers['content-range'] ?? ''));
  const contentType = String(request.headers['content-type'] ?? '');
  if (!range || !/^video\//.test(contentType) || Number(request.headers['content-length']) !== request.bodyBytes) {
    return { status: 400 };
  }
  const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
  if (post.bytes.length >= size || first !== post.bytes.length) return { status: 416 };
  const index = first / chunkSize;
  const isLast = index === count - 1;
  const expected = isLast ? size - first : chunkSize;
  if (total !== size || last - first + 1 !== request.bodyBytes || request.bodyBytes !== expected)
    return { status: 400 };
  post.bytes = Buffer.concat([post.bytes, request.body]);
  post.chunkRanges.push(String(request.headers['content-range']));
  return { status: isLast ? 201 : 206 };
};

/** TikTok pulls each photo itself; an address it cannot read fails the post later (photo_pull_failed). */
const pullPhotos = async (state: TikTokFakeState, post: TikTokFakePost, urls: string[]) => {
  for (const url of urls) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(state.settings.photoPullTimeoutMs) });
      if (!response.ok) throw new Error(String(response.status));
      const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
      post.photos.push({ url, contentType, bytes: Buffer.from(await response.arrayBuffer()) });
    } catch {
      post.script = { ...post.script, failReason: post.script.failReason ?? 'photo_pull_failed' };
      return;
    }
  }
};

/** POST /v2/post/publish/content/init/: a direct post of photos TikTok pulls from their URLs. */
export const initPhotos = async (state: TikTokFakeState, { request }: RouteContext, creator: TikTokFakeCreator) => {
  const body = objectOf(request.json);
  const postInfo = objectOf(body.post_info);
  const source = objectOf(body.source_info);
  if (body.media_type !== 'PHOTO') return invalidParam('media_type must be PHOTO.');
  if (body.post_mode !== 'DIRECT_POST') return invalidParam('This fake takes DIRECT_POST only.');
  const refusal = privacyRefusal(creator, postInfo.privacy_level);
  if (refusal) return refusal;
  if (String(postInfo.title ?? '').length > 90) return invalidParam('The title is too long.');
  if (String(postInfo.description ?? '').length > 4000) return invalidParam('The description is too long.');
  const urls = source.photo_images;
  if (source.source !== 'PULL_FROM_URL' || !Array.isArray(urls) || urls.length === 0 || urls.length > 35) {
    return invalidParam('Photos come by PULL_FROM_URL, 1 to 35 photo_images.');
  }
  if (!urls.every((url) => typeof url === 'string')) return invalidParam('photo_images must be URLs.');
  const cover = source.photo_cover_index;
  if (typeof cover !== 'number' || cover < 0 || cover >= urls.length) return invalidParam('Bad photo_cover_index.');
  const prefixes = state.settings.verifiedUrlPrefixes;
  if (prefixes && !urls.every((url) => prefixes.some((prefix) => url.startsWith(prefix)))) {
    return tiktokError(403, 'url_ownership_unverified', 'The URL domain or prefix is not verified for this app.');
  }
  const post = newPost(state, creator, {
    kind: 'photo',
    post_info: postInfo,
    source_info: source,
    status: 'PROCESSING_DOWNLOAD',
  });
  await pullPhotos(state, post, urls as string[]);
  return tiktokOk({ publish_id: post.publishId });
};

/** Moves a publish on by one status read, as its script says. */
const advance = (state: TikTokFakeState, post: TikTokFakePost) => {
  const uploading = post.kind === 'video' && post.bytes.length < (post.source_info.video_size as number);
  if (uploading || post.status === 'FAILED') return;
  const { script } = post;
  if (post.status !== 'PUBLISH_COMPLETE' && (script.processingReads ?? 0) > 0) {
    script.processingReads = (script.processingReads ?? 0) - 1;
    return;
  }
  if (script.failReason) {
    post.status = 'FAILED';
    post.fail_reason = script.failReason;
    return;
  }
  post.status = 'PUBLISH_COMPLETE';
  if (post.post_info.privacy_level !== 'PUBLIC_TO_EVERYONE') return;
  if ((script.idWithheldReads ?? 0) > 0) script.idWithheldReads = (script.idWithheldReads ?? 0) - 1;
  else post.videoId ??= state.nextVideoId();
};

/** POST /v2/post/publish/status/fetch/: where a publish is, the post's id once it is public. */
export const fetchStatus = (state: TikTokFakeState, { request }: RouteContext, creator: TikTokFakeCreator) => {
  const post = findPublish(state, creator, objectOf(request.json).publish_id);
  if (!('publishId' in post)) return post;
  advance(state, post);
  return tiktokOk({
    status: post.status,
    ...(post.fail_reason && { fail_reason: post.fail_reason }),
    publicaly_available_post_id: post.videoId ? [int64(post.videoId)] : [],
    ...(post.kind === 'video'
      ? { uploaded_bytes: post.bytes.length }
      : { downloaded_bytes: post.photos.reduce((sum, photo) => sum + photo.bytes.length, 0) }),
  });
};
