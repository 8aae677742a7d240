import type { FakeReply } from './platform-fake-kit.ts';
import { fieldsOf, graphError, missingParameter, pick } from './threads-fake-graph.ts';
import {
  newThreadsPost,
  type ThreadsContainer,
  type ThreadsDownload,
  type ThreadsFakeState,
  type ThreadsPost,
} from './threads-fake-state.ts';

const CONTAINER_FIELDS = new Set(['id', 'status', 'error_message']);
const IMAGE_TYPES = /^image\/(jpeg|png)$/;
const VIDEO_TYPES = /^video\/(mp4|quicktime)$/;
const MAX_CAROUSEL_ITEMS = 20;
const MAX_TEXT = 500;
const DAY_MS = 86_400_000;

const utf8 = new TextEncoder();
const segmenter = new Intl.Segmenter();
/** Threads counts characters, an emoji as its UTF-8 bytes. */
const threadsLength = (text: string) =>
  [...segmenter.segment(text)].reduce(
    (length, { segment }) =>
      length +
      (/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment)
        ? utf8.encode(segment).length
        : [...segment].length),
    0,
  );

/** "The media could not be fetched from this URI": Threads answers a failed download as Instagram does. */
const downloadFailure = (url: string) =>
  graphError(400, {
    message: 'Media download has failed.',
    code: 1,
    subcode: 2207052,
    userTitle: 'Media download has failed.',
    userMessage: `The media could not be fetched from this URI: ${url}. Please check the URI and try again.`,
  });

const unsupportedMedia = (kind: 'image' | 'video', contentType: string) =>
  graphError(400, {
    message: `The ${kind} format is not supported.`,
    code: 100,
    subcode: kind === 'image' ? 2207005 : 2207026,
    userTitle: `Unsupported ${kind} format`,
    userMessage: `${contentType || 'This format'} is not supported. Threads takes ${kind === 'image' ? 'JPEG and PNG images' : 'MP4 and MOV videos'}.`,
  });

/** Threads fetches the medium itself from the URL it is given: only http(s), and only what answers. */
const download = async (state: ThreadsFakeState, url: string, kind: 'image' | 'video') => {
  if (!/^https?:\/\//.test(url)) {
    return graphError(400, { message: `(#100) Param ${kind}_url must be a valid URL`, code: 100 });
  }
  try {
    const response = await fetch(new URL(url), { signal: AbortSignal.timeout(state.settings.downloadTimeoutMs) });
    if (!response.ok) return downloadFailure(url);
    const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!(kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES).test(contentType)) return unsupportedMedia(kind, contentType);
    return { url, contentType, bytes: Buffer.from(await response.arrayBuffer()) } satisfies ThreadsDownload;
  } catch {
    return downloadFailure(url);
  }
};

const ownContainer = (state: ThreadsFakeState, account: string, id: string) =>
  state.containers.find((candidate) => candidate.id === id && candidate.owner === account);

/** The checks `POST /{user-id}/threads` makes of a carousel's `children`: the account's finished items, 2 to 20. */
const carouselChildren = (state: ThreadsFakeState, account: string, children: string | undefined) => {
  const ids = (children ?? '').split(',').filter(Boolean);
  if (ids.length < 2 || ids.length > MAX_CAROUSEL_ITEMS) {
    return graphError(400, { message: 'A carousel takes 2 to 20 items.', code: 100, subcode: 4279004 });
  }
  const unusable = ids.find((id) => {
    const child = ownContainer(state, account, id);
    return !child?.is_carousel_item || child.status !== 'FINISHED';
  });
  return unusable
    ? graphError(400, { message: `The carousel item ${unusable} is not ready or not an item.`, code: 100 })
    : ids;
};

/** `POST /{user-id}/threads`: a TEXT, IMAGE, VIDEO or CAROUSEL container, the media downloaded as Threads does. */
export const createThreadsContainer = async (
  state: ThreadsFakeState,
  account: string,
  params: Record<string, string>,
): Promise<FakeReply> => {
  const mediaType = params.media_type ?? '';
  const type = mediaType as ThreadsContainer['media_type'];
  if (!['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(mediaType)) return missingParameter('media_type');
  const text = params.text ?? '';
  if (type === 'TEXT' && !text) return missingParameter('text');
  if (threadsLength(text) > MAX_TEXT) {
    return graphError(400, { message: 'Param text must be at most 500 characters long.', code: 100 });
  }
  if (params.reply_to_id && !state.posts.some((post) => post.id === params.reply_to_id)) {
    return graphError(400, { message: 'The post you are replying to does not exist.', code: 100, subcode: 33 });
  }
  const isItem = params.is_carousel_item === 'true';
  const downloads: ThreadsDownload[] = [];
  if (type === 'IMAGE' || type === 'VIDEO') {
    const url = type === 'IMAGE' ? params.image_url : params.video_url;
    if (!url) return missingParameter(type === 'IMAGE' ? 'image_url' : 'video_url');
    const downloaded = await download(state, url, type === 'IMAGE' ? 'image' : 'video');
    if ('status' in downloaded) return downloaded;
    downloads.push(downloaded);
  }
  const children = type === 'CAROUSEL' ? carouselChildren(state, account, params.children) : [];
  if (!Array.isArray(children)) return children;
  const polls = type === 'VIDEO' ? state.settings.videoPolls : state.settings.otherPolls;
  const outcome = type === 'VIDEO' ? state.settings.videoOutcome : 'FINISHED';
  const container: ThreadsContainer = {
    id: state.nextId(),
    owner: account,
    media_type: type,
    text,
    ...(type === 'IMAGE' && { image_url: params.image_url }),
    ...(type === 'VIDEO' && { video_url: params.video_url }),
    ...(params.alt_text && { alt_text: params.alt_text }),
    is_carousel_item: isItem,
    children,
    ...(params.reply_to_id && { reply_to_id: params.reply_to_id }),
    downloads,
    status: polls > 0 ? 'IN_PROGRESS' : outcome,
    pollsLeft: polls,
    outcome,
  };
  state.containers.push(container);
  return { status: 200, json: { id: container.id } };
};

/** `GET /{container-id}?fields=status,error_message`: each read of a processing container counts down. */
export const readThreadsContainer = (
  state: ThreadsFakeState,
  container: ThreadsContainer,
  params: Record<string, string>,
): FakeReply => {
  const fields = fieldsOf(params, CONTAINER_FIELDS, 'ThreadsMediaContainer');
  if (!Array.isArray(fields)) return fields;
  if (container.status === 'IN_PROGRESS') {
    if (container.pollsLeft > 0) container.pollsLeft -= 1;
    else container.status = container.outcome;
  }
  const errorMessage = container.status === 'ERROR' ? state.settings.errorMessage : undefined;
  return {
    status: 200,
    json: pick({ id: container.id, status: container.status, error_message: errorMessage }, fields),
  };
};

const isReplyPost = (post: ThreadsPost) => post.replied_to !== undefined;
const publishedInLastDay = (state: ThreadsFakeState, account: string, replies: boolean) =>
  state.posts.filter(
    (post) =>
      post.owner === account &&
      post.containerId !== undefined &&
      isReplyPost(post) === replies &&
      Date.parse(post.timestamp) >= Date.now() - DAY_MS,
  ).length;

/** `GET /{user-id}/threads_publishing_limit`: posts and replies published in the last 24 hours, and the limits. */
export const threadsPublishingLimit = (state: ThreadsFakeState, account: string, params: Record<string, string>) => {
  const fields = (params.fields ?? 'quota_usage').split(',');
  const config = (total: number) => ({ quota_total: total, quota_duration: 86_400 });
  const entry = {
    ...(fields.includes('quota_usage') && { quota_usage: publishedInLastDay(state, account, false) }),
    ...(fields.includes('config') && { config: config(state.settings.quotaTotal) }),
    ...(fields.includes('reply_quota_usage') && { reply_quota_usage: publishedInLastDay(state, account, true) }),
    ...(fields.includes('reply_config') && { reply_config: config(state.settings.replyQuotaTotal) }),
  };
  return { status: 200, json: { data: [entry] } };
};

/** `POST /{user-id}/threads_publish`: a FINISHED container becomes a post, within the 24-hour limits. */
export const publishThreadsContainer = (
  state: ThreadsFakeState,
  account: string,
  params: Record<string, string>,
): FakeReply => {
  if (!params.creation_id) return missingParameter('creation_id');
  const container = ownContainer(state, account, params.creation_id);
  // A container still processing, already published or unknown is not found for publishing.
  if (!container || container.status !== 'FINISHED' || container.is_carousel_item) {
    return graphError(400, {
      message: 'The requested resource does not exist',
      code: 24,
      subcode: 4279009,
      userTitle: 'Media Not Found',
      userMessage: `The media with id ${params.creation_id} cannot be found.`,
    });
  }
  const isReply = container.reply_to_id !== undefined;
  const total = isReply ? state.settings.replyQuotaTotal : state.settings.quotaTotal;
  if (publishedInLastDay(state, account, isReply) >= total) {
    return graphError(400, {
      message: 'Max. number of posts reached',
      code: 9,
      subcode: 2207042,
      userTitle: 'Max. number of posts reached',
      userMessage: `You reached the maximum number of ${isReply ? 'replies' : 'posts'} that is allowed to be published in 24 hours.`,
    });
  }
  const items = container.children.map((id) => ownContainer(state, account, id)).filter((child) => child !== undefined);
  const mediaType = { TEXT: 'TEXT_POST', IMAGE: 'IMAGE', VIDEO: 'VIDEO', CAROUSEL: 'CAROUSEL_ALBUM' } as const;
  const post = newThreadsPost(state, state.accountFor(account), {
    text: container.text,
    media_type: mediaType[container.media_type],
    ...((container.image_url ?? container.video_url) && { media_url: container.image_url ?? container.video_url }),
    children: items.map((child) => ({
      id: state.nextId(),
      media_type: child.media_type === 'VIDEO' ? 'VIDEO' : 'IMAGE',
      media_url: child.image_url ?? child.video_url ?? '',
    })),
    containerId: container.id,
    ...(container.reply_to_id && { replied_to: container.reply_to_id }),
  });
  container.status = 'PUBLISHED';
  for (const child of items) child.status = 'PUBLISHED';
  return { status: 200, json: { id: post.id } };
};
