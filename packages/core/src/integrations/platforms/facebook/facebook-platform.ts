import { chooseFacebookContent, type FacebookContent } from './facebook-content.ts';
import { FACEBOOK_GRAPH_VERSION } from './facebook-graph-version.ts';
import { findFacebookMentions } from './facebook-mentions.ts';
import { FACEBOOK_METRICS_BATCH, FACEBOOK_METRICS_LIMIT, readFacebookMetrics } from './facebook-metrics.ts';
import { readFacebookPermalink } from './facebook-permalink.ts';
import { isMissingObject } from './facebook-platform-error.ts';
import {
  publishFacebookComment,
  publishFacebookPhoto,
  publishFacebookPhotos,
  publishFacebookText,
  ENGAGEMENT_PERMISSION,
  PUBLISH_PERMISSION,
} from './facebook-publish.ts';
import { findFacebookRecentPost } from './facebook-recent-post.ts';
import { createFacebookRequester, type FacebookCall } from './facebook-requester.ts';
import { findFacebookThread } from './facebook-thread.ts';
import { publishFacebookVideo, type FacebookVideoOptions } from './facebook-video.ts';
import {
  PlatformError,
  type ConversationPlatform,
  type PlatformAdapterOptions,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';
import { settleDeletion } from '../common/settle-deletion.ts';

export type FacebookPlatformOptions = PlatformAdapterOptions & {
  /** The Graph API version in every path; default FACEBOOK_GRAPH_VERSION. */
  graphVersion?: string;
  /** How often an uploaded video's processing status is read; default 5 s. */
  videoPollIntervalMs?: number;
  /** How long publishing waits for Facebook to process a video before it keeps the post with a note; default 2 min. */
  videoProcessingTimeoutMs?: number;
};

const GRAPH = 'https://graph.facebook.com';
/** Meta takes video uploads on its own host; a test's fake (any other base URL) answers both. */
const GRAPH_VIDEO = 'https://graph-video.facebook.com';

/** A Page post (`{page}_{post}`), a comment (`{post}_{comment}`), or a photo or video (digits). */
const isFacebookId = (id: string) => /^\d+(_\d+)?$/.test(id);

const notAnId = (id: string, what: string) =>
  new PlatformError('facebook', 'permanent', 'rejected', `"${id}" is not a Facebook post or comment id, so ${what}.`);

const createPost = (
  call: FacebookCall,
  {
    pageId,
    text,
    content,
    video,
  }: { pageId: string; text: string; content: FacebookContent; video: FacebookVideoOptions },
): Promise<{ postId: string; notes: string[] }> => {
  const plain = async (postId: Promise<string>) => ({ postId: await postId, notes: [] });
  switch (content.kind) {
    case 'text':
      return plain(publishFacebookText(call, { pageId, text }));
    case 'photo':
      return plain(publishFacebookPhoto(call, { pageId, text, image: content.image }));
    case 'photos':
      return plain(publishFacebookPhotos(call, { pageId, text, images: content.images }));
    case 'video':
      return publishFacebookVideo(call, { pageId, text, video: content.video, options: video });
  }
};

/**
 * A Facebook Page through the Graph API, acting with the Page's own token (Facebook Login for Business; the person
 * chooses the Page from listFacebookPages). A post is the text with the first link's preview, one photo, several
 * photos, or a video, uploaded as bytes (no public address needed); a reply is a comment. Only the request that makes
 * the post or comment can leave it `unknown`; reconciliation reads the Page's recent posts back. The Inbox reads
 * what people comment on the Page's recent posts.
 */
export const createFacebookPlatform = ({
  baseUrl = GRAPH,
  timeoutMs,
  graphVersion = FACEBOOK_GRAPH_VERSION,
  videoPollIntervalMs = 5000,
  videoProcessingTimeoutMs = 120_000,
}: FacebookPlatformOptions): PublishingPlatform & ConversationPlatform => {
  const videoBaseUrl = baseUrl === GRAPH ? GRAPH_VIDEO : baseUrl;
  const requester = createFacebookRequester({ baseUrl, videoBaseUrl, timeoutMs, graphVersion });
  const video = { pollIntervalMs: videoPollIntervalMs, processingTimeoutMs: videoProcessingTimeoutMs };

  return {
    id: 'facebook',
    name: 'Facebook',
    maxTextLength: 63_206,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      if (replyToPostId !== undefined && !isFacebookId(replyToPostId))
        throw notAnId(replyToPostId, 'the reply has nothing to answer');
      const call = requester(credentials.accessToken);
      const pageId = credentials.accountId;
      const { content, notes } = chooseFacebookContent(media, { isReply: replyToPostId !== undefined });
      const made = replyToPostId
        ? { postId: await publishFacebookComment(call, { targetId: replyToPostId, text }), notes: [] }
        : await createPost(call, { pageId, text, content, video });
      const link = await readFacebookPermalink(call, { id: made.postId, pageId });
      const allNotes = [...notes, ...made.notes, ...link.notes];
      return { postId: made.postId, url: link.url, ...(allNotes.length > 0 && { notes: allNotes }) };
    },

    findRecentPost: (credentials, { text, since }) =>
      findFacebookRecentPost(requester(credentials.accessToken), { pageId: credentials.accountId, text, since }),

    deletePost: async (credentials, postId) => {
      if (!isFacebookId(postId)) throw notAnId(postId, 'there is nothing to delete');
      await settleDeletion('Facebook', async () => {
        // A post already gone resolves: an earlier attempt whose answer was lost, or the person, removed it.
        await requester(credentials.accessToken)({
          method: 'DELETE',
          path: `/${postId}`,
          what: 'the deletion',
          permission: `${PUBLISH_PERMISSION} or ${ENGAGEMENT_PERMISSION}`,
          tolerates: isMissingObject,
        });
      });
    },

    metricsReading: { batchSize: FACEBOOK_METRICS_BATCH, limit: FACEBOOK_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readFacebookMetrics(requester(credentials.accessToken), postIds),

    findMentions: (credentials, query) =>
      findFacebookMentions(requester(credentials.accessToken), credentials.accountId, query),

    findThread: (credentials, commentId, limit) =>
      findFacebookThread(requester(credentials.accessToken), { pageId: credentials.accountId, commentId, limit }),
  };
};
