import { platformName } from '@agentcast/contracts/publishing';
import type { Delivery } from '@agentcast/contracts/terminal';
import type { DeliveryLabel, LabelTone } from './delivery-labels.ts';

/**
 * What a person reads about a delivery that is an X thread (issue 17 §4): how many posts it has once out, how far it
 * got while it goes out part by part, and the reason when it stopped partway. Undefined for a single post, and for a
 * thread that waits or failed before any of its posts went out, which reads like one.
 */
export const threadDeliveryLabel = (delivery: Delivery, tone: LabelTone): DeliveryLabel | undefined => {
  const { thread_length: length, thread_posted: posted = 0 } = delivery;
  if (length === undefined || length < 2) return undefined;
  const name = platformName(delivery.platform);
  // The link of a thread is its first post's.
  const link = delivery.url ? { href: delivery.url, label: `View on ${name}`, external: true } : undefined;
  const progress = `Posting thread to ${name} · ${posted} of ${length} posted`;
  switch (delivery.status) {
    case 'posted':
      return { text: `Posted to ${name} · Thread · ${length} posts`, tone, link };
    case 'posting':
      return { text: progress, tone, link };
    case 'unknown':
      return { text: `Checking whether ${name} got post ${posted + 1} of ${length} of the thread`, tone, link };
    case 'ready':
      if (posted === 0) return undefined;
      // The server's reason already says how far the thread got ("The thread stopped after 1 of its 3 posts: …").
      return { text: delivery.error ? `${delivery.error} Trying again.` : progress, tone, link };
    case 'failed':
      if (posted === 0) return undefined;
      return { text: delivery.error ?? `The thread stopped after ${posted} of its ${length} posts.`, tone, link };
    default:
      return undefined;
  }
};
