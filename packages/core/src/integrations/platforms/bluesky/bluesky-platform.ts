import type {
  ConversationPlatform,
  PlatformAdapterOptions,
  PlatformCredentials,
  PublishedPost,
  PublishingPlatform,
} from '../common/platform.ts';
import { PlatformError } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';
import { settleDeletion } from '../common/settle-deletion.ts';
import {
  BLUESKY_POST_COLLECTION,
  blueskyPostUri,
  blueskyPostUrl,
  blueskyRecordKey,
  parseBlueskyPostUri,
} from './bluesky-post-ref.ts';
import { findBlueskyMentions, findBlueskyThread } from './bluesky-mentions.ts';
import { buildBlueskyPostRecord, chooseBlueskyMedia } from './bluesky-post-record.ts';
import {
  BLUESKY_METRICS_BATCH,
  BLUESKY_METRICS_LIMIT,
  findOwnBlueskyPost,
  readBlueskyMetrics,
} from './bluesky-reads.ts';
import { createBlueskyRequester, type BlueskyRequester } from './bluesky-requester.ts';

/** Bluesky counts a post's length in graphemes (what a person sees as one character): 300. */
export const BLUESKY_MAX_GRAPHEMES = 300;

/** The record at this key, when it is a post with this text: an earlier attempt of the same post. */
const ownRecordAt = async (call: BlueskyRequester, repo: string, rkey: string, text: string) => {
  const { data } = await call({ what: 'the request for the post made before' }, (agent) =>
    agent.com.atproto.repo.getRecord({ repo, collection: BLUESKY_POST_COLLECTION, rkey }),
  );
  const stored = (data.value as { text?: unknown }).text;
  return typeof stored === 'string' && postTextMatches(text, stored)
    ? { postId: blueskyPostUri({ repo, rkey }), url: blueskyPostUrl({ repo, rkey }) }
    : null;
};

/**
 * Bluesky through @atproto/api, acting with the account's session (an app password's, renewed by the connection)
 * on the account's own server (its PDS): posts with facets and up to four images, threads as replies, deleting the
 * account's posts, reading their likes, reposts, replies and quotes, and finding the posts that mention or answer
 * the account (for agents that answer people). Each post is created at a record key chosen
 * before the call, so a repeated attempt meets its own record.
 */
export const createBlueskyPlatform = ({
  baseUrl = 'https://bsky.social',
  timeoutMs,
}: PlatformAdapterOptions): PublishingPlatform & ConversationPlatform => {
  const requesterFor = (credentials: PlatformCredentials) =>
    createBlueskyRequester({
      serviceUrl: credentials.serviceUrl ?? baseUrl,
      token: credentials.accessToken,
      timeoutMs,
    });

  return {
    id: 'bluesky',
    name: 'Bluesky',
    maxTextLength: BLUESKY_MAX_GRAPHEMES,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId, idempotency }): Promise<PublishedPost> => {
      const call = requesterFor(credentials);
      const repo = credentials.accountId;
      const { images, video, notes } = chooseBlueskyMedia(media);
      const record = await buildBlueskyPostRecord(call, { text, images, video, replyToPostId });
      const rkey = idempotency && blueskyRecordKey(idempotency);
      const withNotes = (post: PublishedPost) => ({ ...post, ...(notes.length > 0 && { notes }) });
      try {
        const { data } = await call({ what: 'the post', createsPost: true }, (agent) =>
          agent.com.atproto.repo.createRecord({ repo, collection: BLUESKY_POST_COLLECTION, rkey, record }),
        );
        const ref = parseBlueskyPostUri(data.uri);
        if (!ref)
          throw new PlatformError(
            'bluesky',
            'unknown',
            'connection_lost',
            `Bluesky accepted the post but named it "${data.uri}": it was probably published.`,
          );
        return withNotes({ postId: data.uri, url: blueskyPostUrl(ref) });
      } catch (error) {
        if (!rkey || !(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
        // The key is taken: by this post's own earlier attempt, whose answer was lost, when the text is the same.
        const existingPost = await ownRecordAt(call, repo, rkey, text).catch(() => null);
        if (!existingPost) throw error;
        throw new PlatformError(
          'bluesky',
          'permanent',
          'duplicate',
          'Bluesky already has this post: an earlier attempt published it.',
          { status: error.status, existingPost: withNotes(existingPost), cause: error },
        );
      }
    },

    findRecentPost: (credentials, query) => findOwnBlueskyPost(requesterFor(credentials), credentials.accountId, query),

    deletePost: async (credentials, postId) => {
      const ref = parseBlueskyPostUri(postId);
      if (!ref)
        throw new PlatformError(
          'bluesky',
          'permanent',
          'rejected',
          `Bluesky cannot delete "${postId}": Bluesky posts are at:// addresses.`,
        );
      if (ref.repo !== credentials.accountId)
        throw new PlatformError(
          'bluesky',
          'permanent',
          'forbidden',
          'This post belongs to another Bluesky account: only the account that published a post can delete it.',
        );
      // Deleting a record that is gone already succeeds at Bluesky: a repeat whose answer was lost is safe.
      await settleDeletion('Bluesky', async () => {
        await requesterFor(credentials)({ what: 'the request to delete the post' }, (agent) =>
          agent.com.atproto.repo.deleteRecord({ repo: ref.repo, collection: BLUESKY_POST_COLLECTION, rkey: ref.rkey }),
        );
      });
    },

    metricsReading: { batchSize: BLUESKY_METRICS_BATCH, limit: BLUESKY_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readBlueskyMetrics(requesterFor(credentials), postIds),

    findMentions: (credentials, query) => findBlueskyMentions(requesterFor(credentials), query),

    findThread: (credentials, postId, limit) => findBlueskyThread(requesterFor(credentials), postId, limit),
  };
};
