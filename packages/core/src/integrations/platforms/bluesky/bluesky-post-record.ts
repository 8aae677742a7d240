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

/** The images Bluesky can carry, and what the person is told about the rest. */
export const chooseBlueskyImages = (media: PostMedia[]) => {
  const notes: string[] = [];
  const images = media.filter((medium) => {
    if (medium.kind === 'video') {
      notes.push('Bluesky posts from Agentcast carry images only: the video was left out.');
      return false;
    }
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
  return { images: images.slice(0, MAX_IMAGES), notes };
};

const uploadImage = async (call: BlueskyRequester, medium: PostMedia) => {
  const answer = await call({ what: 'the image upload' }, (agent) =>
    agent.com.atproto.repo.uploadBlob(new Uint8Array(medium.bytes), { encoding: medium.contentType }),
  );
  return { image: answer.data.blob, alt: (medium.altText ?? '').slice(0, MAX_ALT) };
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
 * resolve), its images uploaded as blobs with their alt text, and, for a part of a thread, what it answers.
 */
export const buildBlueskyPostRecord = async (
  call: BlueskyRequester,
  { text, images, replyToPostId }: { text: string; images: PostMedia[]; replyToPostId?: string },
): Promise<AppBskyFeedPost.Record> => {
  const { RichText } = await import('@atproto/api');
  const rich = new RichText({ text });
  await call({ what: 'the mentions in the post' }, (agent) => rich.detectFacets(agent));
  // A handle that does not resolve is left with an empty DID by the SDK: it stays plain text.
  const facets = (rich.facets ?? []).filter((facet) =>
    facet.features.every((feature) => !('did' in feature) || feature.did !== ''),
  );
  const uploaded: { image: BlobRef; alt: string }[] = [];
  for (const medium of images) uploaded.push(await uploadImage(call, medium));
  return {
    $type: 'app.bsky.feed.post',
    text: rich.text,
    ...(facets.length > 0 && { facets }),
    ...(uploaded.length > 0 && { embed: { $type: 'app.bsky.embed.images', images: uploaded } }),
    ...(replyToPostId && { reply: await replyRefs(call, replyToPostId) }),
    createdAt: new Date().toISOString(),
  };
};
