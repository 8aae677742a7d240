import type { Agent, AppBskyFeedPost, BlobRef } from '@atproto/api';
import type { PostMedia } from '../common/platform.ts';
import type { BlueskyRequester } from './bluesky-requester.ts';
import { parseBlueskyPostUri } from './bluesky-post-ref.ts';

/** Bluesky carries up to four images a post, each at most 1,000,000 bytes (its PDS refuses larger blobs). */
const MAX_IMAGES = 4;
const MAX_IMAGE_BYTES = 1_000_000;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Bluesky's alt text limit, in characters. */
const MAX_ALT = 2000;

/** One video a post, an MP4 up to 100 MB (Bluesky's video limits since March 2025). */
const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

/**
 * The media Bluesky can carry — up to four images, or one video — and what the person is told about the rest. A
 * video wins over images, as on X: the agent made it as the richest medium.
 */
export const chooseBlueskyMedia = (media: PostMedia[]) => {
  const notes: string[] = [];
  const video = media.find((medium) => medium.kind === 'video');
  if (video && video.contentType === 'video/mp4' && video.bytes.length <= MAX_VIDEO_BYTES) {
    const images = media.filter((medium) => medium.kind === 'image').length;
    if (images > 0)
      notes.push(
        `Bluesky carries one video or up to four images per post: the video went, ${images} image(s) did not.`,
      );
    return { images: [], video, notes };
  }
  if (video)
    notes.push(
      video.contentType === 'video/mp4'
        ? `Bluesky takes videos up to 100 MB; one of ${Math.ceil(video.bytes.length / 1024 / 1024)} MB was left out.`
        : `Bluesky does not take ${video.contentType} videos; the video was left out.`,
    );
  const images = media.filter((medium) => {
    if (medium.kind === 'video') return false;
    if (!IMAGE_TYPES.has(medium.contentType)) {
      notes.push(`Bluesky does not take ${medium.contentType} images; one was left out.`);
      return false;
    }
    if (medium.bytes.length > MAX_IMAGE_BYTES) {
      notes.push(`Bluesky takes images up to 1 MB; one of ${Math.ceil(medium.bytes.length / 1024)} KB was left out.`);
      return false;
    }
    return true;
  });
  if (images.length > MAX_IMAGES)
    notes.push(`Bluesky carries up to four images per post: ${images.length - MAX_IMAGES} were left out.`);
  return { images: images.slice(0, MAX_IMAGES), video: undefined, notes };
};

const uploadBlob = async (call: BlueskyRequester, medium: PostMedia) => {
  const answer = await call({ what: `the ${medium.kind} upload` }, (agent) =>
    agent.com.atproto.repo.uploadBlob(new Uint8Array(medium.bytes), { encoding: medium.contentType }),
  );
  return answer.data.blob;
};

/**
 * The post's embed: its images, or its video uploaded to the account's PDS as a blob (Bluesky's "simple method":
 * the video service processes it once the post appears, so the video shows a few seconds after the post does).
 */
const buildEmbed = async (call: BlueskyRequester, images: PostMedia[], video: PostMedia | undefined) => {
  if (video) {
    const blob = await uploadBlob(call, video);
    return { $type: 'app.bsky.embed.video', video: blob, alt: (video.altText ?? '').slice(0, MAX_ALT) };
  }
  const uploaded: { image: BlobRef; alt: string }[] = [];
  for (const medium of images)
    uploaded.push({ image: await uploadBlob(call, medium), alt: (medium.altText ?? '').slice(0, MAX_ALT) });
  return uploaded.length > 0 ? { $type: 'app.bsky.embed.images', images: uploaded } : undefined;
};

/** The post this one answers and the first post of its thread, as a reply record names them (uri and cid). */
const replyRefs = async (call: BlueskyRequester, parentUri: string): Promise<AppBskyFeedPost.ReplyRef> => {
  const parent = parseBlueskyPostUri(parentUri);
  if (!parent) throw new Error(`not a Bluesky post: ${parentUri}`);
  const { data } = await call({ what: 'the post this one answers' }, (agent: Agent) =>
    agent.com.atproto.repo.getRecord({ repo: parent.repo, collection: 'app.bsky.feed.post', rkey: parent.rkey }),
  );
  const parentRef = { uri: data.uri, cid: data.cid ?? '' };
  const root = (data.value as Partial<AppBskyFeedPost.Record>).reply?.root;
  return { root: root ?? parentRef, parent: parentRef };
};

/**
 * The `app.bsky.feed.post` record of a post: its text with facets (links, hashtags, and mentions of handles that
 * resolve), its images or video uploaded as blobs with their alt text, and, for a part of a thread, what it answers.
 */
export const buildBlueskyPostRecord = async (
  call: BlueskyRequester,
  {
    text,
    images,
    video,
    replyToPostId,
  }: { text: string; images: PostMedia[]; video?: PostMedia; replyToPostId?: string },
): Promise<AppBskyFeedPost.Record> => {
  const { RichText } = await import('@atproto/api');
  const rich = new RichText({ text });
  await call({ what: 'the mentions in the post' }, (agent) => rich.detectFacets(agent));
  // A handle that does not resolve is left with an empty DID by the SDK: it stays plain text.
  const facets = (rich.facets ?? []).filter((facet) =>
    facet.features.every((feature) => !('did' in feature) || feature.did !== ''),
  );
  const embed = await buildEmbed(call, images, video);
  return {
    $type: 'app.bsky.feed.post',
    text: rich.text,
    ...(facets.length > 0 && { facets }),
    ...(embed && { embed }),
    ...(replyToPostId && { reply: await replyRefs(call, replyToPostId) }),
    createdAt: new Date().toISOString(),
  };
};
