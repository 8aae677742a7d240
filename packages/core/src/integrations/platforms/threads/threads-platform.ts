import { THREADS_MAX_TEXT, threadsTextLength } from '@agentcast/contracts/threads-text-length';
import { THREADS_API_VERSION } from './threads-api-version.ts';
import { prepareThreadsContainer } from './threads-container.ts';
import { deleteThreadsPost } from './threads-delete.ts';
import { chooseThreadsAttachment } from './threads-media.ts';
import { findThreadsMentions } from './threads-mentions.ts';
import { readThreadsMetrics, THREADS_METRICS_LIMIT } from './threads-metrics.ts';
import { readThreadsPermalink } from './threads-permalink.ts';
import { ensureThreadsPublishingQuota } from './threads-publishing-limit.ts';
import { findThreadsRecentPost } from './threads-recent-post.ts';
import { createThreadsRequester, type ThreadsCall } from './threads-requester.ts';
import { findThreadsThread } from './threads-thread.ts';
import {
  PlatformError,
  type ConversationPlatform,
  type PlatformAdapterOptions,
  type PublishedPost,
  type PublishingPlatform,
} from '../common/platform.ts';

export type ThreadsPlatformOptions = PlatformAdapterOptions & {
  /** How often a container's processing status is read; default 5 s. */
  containerPollIntervalMs?: number;
  /** How long Threads may process a post's media before the post is given up for now; default 5 minutes. */
  containerProcessingTimeoutMs?: number;
  /** The API version in the paths; default THREADS_API_VERSION. */
  apiVersion?: string;
};

/** "Media Not Found" from threads_publish: the container was not ready yet (Threads' answer when published early). */
const isContainerNotFound = (error: { code?: number; error_subcode?: number }) =>
  error.code === 24 && error.error_subcode === 4279009;

/** The one request that makes the post: its lost answer, or a 5xx, may hide a published post (`unknown`). */
const publishContainer = async (call: ThreadsCall, accountId: string, containerId: string) => {
  const answer = await call({
    method: 'POST',
    path: `/${encodeURIComponent(accountId)}/threads_publish`,
    form: { creation_id: containerId },
    what: 'the post',
    createsPost: true,
    tolerates: isContainerNotFound,
  }).catch((error: unknown) => {
    // Meta's publishing is known to publish and still answer 5xx, and Threads refuses duplicates nowhere, so a retry
    // could post twice: the post is looked for among the account's posts instead.
    if (error instanceof PlatformError && error.status !== undefined && error.status >= 500) {
      throw new PlatformError('threads', 'unknown', 'platform_unavailable', error.message, {
        status: error.status,
        cause: error,
      });
    }
    throw error;
  });
  if ((answer as { error?: unknown } | undefined)?.error) {
    throw new PlatformError(
      'threads',
      'transient',
      'platform_unavailable',
      'Threads had not finished preparing the post when it was published ("Media Not Found"): nothing was published.',
      { status: 400 },
    );
  }
  const mediaId = (answer as { id?: unknown } | undefined)?.id;
  if (typeof mediaId !== 'string' || !mediaId) {
    throw new PlatformError(
      'threads',
      'unknown',
      'connection_lost',
      'Threads accepted the post but did not say which post it is: it was probably published.',
    );
  }
  return mediaId;
};

/**
 * Threads through the Threads API (graph.threads.net, a profile's long-lived token, scopes threads_basic,
 * threads_content_publish, threads_manage_replies, threads_read_replies, threads_manage_insights and threads_delete).
 * Publishing is Meta's two steps: a container Threads fills (downloading any media from their public URLs), then
 * `threads_publish` — the only request that makes a post, so the only one whose lost answer is `unknown`.
 * Reconciliation reads the account's recent posts back; each post's insights are read for its metrics; the replies
 * under the account's recent posts are what its agents answer.
 */
export const createThreadsPlatform = ({
  baseUrl = 'https://graph.threads.net',
  timeoutMs,
  // Meta suggests giving a container about 30 seconds and reading its status once a minute for at most five minutes;
  // a text or an image is often ready at once, so reading sooner publishes sooner at the cost of a few calls.
  containerPollIntervalMs = 5000,
  containerProcessingTimeoutMs = 300_000,
  apiVersion = THREADS_API_VERSION,
}: ThreadsPlatformOptions): PublishingPlatform & ConversationPlatform => {
  const requester = createThreadsRequester({ baseUrl, timeoutMs, apiVersion });
  const options = { pollIntervalMs: containerPollIntervalMs, processingTimeoutMs: containerProcessingTimeoutMs };

  return {
    id: 'threads',
    name: 'Threads',
    maxTextLength: THREADS_MAX_TEXT,
    supportsReplies: true,

    publish: async (credentials, { text, media = [], replyToPostId }): Promise<PublishedPost> => {
      // Checked before Threads is called: Threads counts an emoji as its UTF-8 bytes, so a text can fit by
      // characters and still be refused.
      const length = threadsTextLength(text);
      if (length > THREADS_MAX_TEXT) {
        throw new PlatformError(
          'threads',
          'permanent',
          'rejected',
          `The text is ${length} characters long as Threads counts it (an emoji counts as its UTF-8 bytes), and Threads takes at most ${THREADS_MAX_TEXT}.`,
        );
      }
      const { attachment, notes } = chooseThreadsAttachment(media);
      if (attachment.kind === 'text' && !text.trim()) {
        throw new PlatformError(
          'threads',
          'permanent',
          'rejected',
          'Threads posts need text or an image or video Threads can fetch, and this post has neither.',
        );
      }
      const call = requester(credentials.accessToken);
      const { accountId } = credentials;
      await ensureThreadsPublishingQuota(call, { accountId, isReply: Boolean(replyToPostId) });
      const containerId = await prepareThreadsContainer(call, { accountId, attachment, text, replyToPostId, options });
      const mediaId = await publishContainer(call, accountId, containerId);
      const link = await readThreadsPermalink(call, mediaId);
      const allNotes = [...notes, ...link.notes];
      return { postId: mediaId, url: link.url, ...(allNotes.length > 0 && { notes: allNotes }) };
    },

    findRecentPost: (credentials, { text, since }) =>
      findThreadsRecentPost(requester(credentials.accessToken), { accountId: credentials.accountId, text, since }),

    deletePost: (credentials, postId) => deleteThreadsPost(requester(credentials.accessToken), postId),

    metricsReading: { batchSize: 1, limit: THREADS_METRICS_LIMIT },

    readMetrics: (credentials, postIds) => readThreadsMetrics(requester(credentials.accessToken), postIds),

    findMentions: (credentials, { sinceId, notBefore }) =>
      findThreadsMentions(requester(credentials.accessToken), { accountId: credentials.accountId, sinceId, notBefore }),

    findThread: (credentials, postId, limit) => findThreadsThread(requester(credentials.accessToken), postId, limit),
  };
};
