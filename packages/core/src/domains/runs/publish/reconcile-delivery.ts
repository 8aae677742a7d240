import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { PlatformError } from '../../../integrations/platforms/common/platform.ts';
import { failDelivery } from './delivery-outcomes.ts';
import type { DeliveryWork } from './delivery-work.ts';
import { keepPostedPart } from './keep-posted-part.ts';

/** Publications of the same text can appear this long before the attempt that made them began (clock skew). */
const RECONCILE_MARGIN_MS = 5 * 60_000;

/**
 * An `unknown` delivery: the post request of its next part went out and its answer was lost. Reads the account's
 * recent posts for that part's text: found, it is kept as posted (the delivery is `posted` when it was the last);
 * not found, the row comes back as it was and the part may be posted. An account whose posts this app may not read
 * (LinkedIn grants that to approved apps only) is posted to again: the platform refuses a duplicate and names the
 * original, which then counts as this delivery's post. A platform that cannot be asked leaves it to the person:
 * the delivery stops, failed, with a note saying to look before "Post again".
 */
export const reconcileDelivery = async (
  { services, row, run, platform, credentials }: DeliveryWork,
  posts: string[],
) => {
  const index = row.threadPosts.length;
  // Not to be asked: only the person can look (an `unknown` left from before, e.g. a worker that stopped mid-post).
  if (!platform.findRecentPost)
    return failDelivery(services, row, PUBLISHING_MESSAGES.unknownOutcomeToCheck(row.platform));
  const since = new Date((row.postingStartedAt ?? row.createdAt).getTime() - RECONCILE_MARGIN_MS);
  let found;
  try {
    found = await platform.findRecentPost(credentials, { text: posts[index] ?? '', since });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
    services.logger.info(
      { deliveryId: row.id, platform: row.platform, reason: error.reason },
      'Cannot read the account’s posts; relying on the duplicate check',
    );
    return row;
  }
  if (found) return keepPostedPart(services, row, { index, posts, post: found, run });
  services.logger.info(
    { deliveryId: row.id, platform: row.platform, part: index + 1 },
    'Reconciled: the post was not published; posting it',
  );
  return row;
};
