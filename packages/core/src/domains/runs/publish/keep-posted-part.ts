import { METRICS_READ_AFTER_HOURS } from '@agentcast/contracts/analytics';
import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';
import type { PublishedPost } from '../../../integrations/platforms/common/platform.ts';
import { meterPublishedPost } from '../../costs/meter-published-post.ts';
import { auditPublishedPost } from './audit-published-posts.ts';
import { tellDeliveryWebhooks } from '../shared/delivery-webhook-events.ts';
import type { PublishingServices } from './publishing-services.ts';
import { updateDelivery } from './update-delivery.ts';

/**
 * Records that post `index` of the delivery's `posts` is on the platform (answered, found by reconciling, or its
 * own earlier duplicate): counted in the cost meter, appended to the thread's posts, and, with the last one, the
 * delivery is `posted` with the first post's link, its metrics are first read an hour later (domains/analytics), and
 * the account's webhooks and audit log are told. Shown at once, so the terminal follows a thread part by part.
 */
export const keepPostedPart = async (
  services: PublishingServices,
  row: DeliveryRow,
  {
    index,
    posts,
    post,
    run,
    notes = '',
  }: { index: number; posts: string[]; post: PublishedPost; run: AgentRunRow; notes?: string },
) => {
  await meterPublishedPost(services, { platform: row.platform, postId: post.postId, text: posts[index] ?? '', run });
  const threadPosts = [...row.threadPosts.slice(0, index), { postId: post.postId, url: post.url }];
  const [first] = threadPosts;
  const done = threadPosts.length >= posts.length;
  const publishedAt = services.now();
  const updated = await updateDelivery(services, row, {
    threadPosts,
    threadLength: posts.length,
    externalId: first?.postId,
    url: first?.url,
    ...(done && {
      status: 'posted',
      error: notes || null,
      leaseUntil: null,
      nextAttemptAt: null,
      publishedAt,
      metricsNextAt: new Date(publishedAt.getTime() + METRICS_READ_AFTER_HOURS[0] * 3_600_000),
    }),
  });
  if (done) {
    await tellDeliveryWebhooks(services, 'post.published', [updated]);
    await auditPublishedPost(services, updated);
  }
  return updated;
};
