import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { DeliveryRow } from '@agentcast/db/schema/runs';
import { PlatformError, type PublishedPost } from '../../../integrations/platforms/common/platform.ts';
import { markReconnectNeeded } from '../../connections/mark-reconnect-needed.ts';
import { failDelivery, markDeliveryUnknown, retryDeliveryLater } from './delivery-outcomes.ts';
import type { DeliveryWork } from './delivery-work.ts';
import { keepPostedPart } from './keep-posted-part.ts';
import { loadPostMedia } from './load-post-media.ts';
import { updateDelivery } from './update-delivery.ts';

/** A failure's message, saying how far a thread got when some of it is on the platform. */
const withThreadProgress = (row: DeliveryRow, posts: string[], message: string) =>
  row.threadPosts.length > 0
    ? PUBLISHING_MESSAGES.threadStopped(row.threadPosts.length, posts.length, message)
    : message;

/** What a failed post request means for the delivery: look for the post, try again later, or give up. */
const settleFailedPost = async (work: DeliveryWork, posts: string[], error: unknown) => {
  const { services, row } = work;
  // Not classified by the adapter: the request may have gone out, so the outcome is unknown.
  if (!(error instanceof PlatformError)) {
    services.logger.error(
      { err: error, deliveryId: row.id },
      'Publishing failed unexpectedly during the platform call',
    );
    return markDeliveryUnknown(services, row);
  }
  services.logger.warn(
    { deliveryId: row.id, platform: row.platform, kind: error.kind, reason: error.reason, status: error.status },
    'Publishing failed',
  );
  if (error.kind === 'unknown') return markDeliveryUnknown(services, row);
  // The platform no longer takes this account's authorization: the connection says so until it is reconnected.
  if (work.connectionId && error.kind === 'permanent' && error.reason === 'reconnect_required')
    await markReconnectNeeded(services.db, work.connectionId, error.message);
  const message = withThreadProgress(row, posts, error.message);
  if (error.kind === 'transient')
    return retryDeliveryLater(services, row, { status: 'ready', error: message, retryAt: error.retryAt });
  return failDelivery(services, row, message);
};

/**
 * Publishes the delivery's posts from the first not yet on the platform: one post, or a thread as a reply chain
 * (each part answers the one before; the run's media go with the first). Before each request the part's `posting`
 * state is committed, and after each answer the part is kept, so a worker that dies anywhere leaves a delivery the
 * next one resumes exactly where it stopped — reconciling the part whose answer was lost, never posting it twice.
 */
export const postDelivery = async (work: DeliveryWork, posts: string[]) => {
  const { services, run, platform, credentials } = work;
  const firstIndex = work.row.threadPosts.length;
  const media = firstIndex === 0 ? await loadPostMedia(services, run.media, platform.mediaRenditions) : [];
  const notes: string[] = [];
  let row = work.row;
  for (let index = firstIndex; index < posts.length; index += 1) {
    const now = services.now();
    row = await updateDelivery(
      services,
      row,
      {
        status: 'posting',
        postingStartedAt: now,
        leaseUntil: new Date(now.getTime() + services.timing.postingLeaseMs),
        // An attempt is one pass over what is left, however many parts it posts.
        ...(index === firstIndex && { attempts: row.attempts + 1, threadLength: posts.length }),
      },
      { show: false },
    );
    let published: PublishedPost;
    try {
      published = await platform.publish(credentials, {
        text: posts[index] ?? '',
        media: index === 0 ? media : [],
        replyToPostId: index === 0 ? run.replyTo?.postId : row.threadPosts[index - 1]?.postId,
        videoPrivacy: work.videoPrivacy,
        channelId: work.channelId,
        idempotency: { key: `${row.id}:${index}`, at: row.createdAt },
      });
    } catch (error) {
      // A duplicate of a post this delivery itself made on an earlier, unanswered attempt is that post.
      const ownDuplicate =
        error instanceof PlatformError && error.reason === 'duplicate' && work.row.attempts > 0
          ? error.existingPost
          : undefined;
      if (!ownDuplicate) return settleFailedPost({ ...work, row }, posts, error);
      published = ownDuplicate;
    }
    notes.push(...(published.notes ?? []));
    row = await keepPostedPart(services, row, { index, posts, post: published, run, notes: notes.join(' ') });
  }
  return row;
};
