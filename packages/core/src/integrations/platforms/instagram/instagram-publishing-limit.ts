import type { InstagramCall } from './instagram-requester.ts';
import { PlatformError } from '../common/platform.ts';

type PublishingLimit = { quota_usage?: unknown; config?: { quota_total?: unknown; quota_duration?: unknown } };

/**
 * Instagram lets an account publish a fixed number of posts through the API in a moving 24 hours (50 today).
 * Read before anything is sent, so a post over the limit is skipped with words saying why, instead of a container
 * Instagram would download the media for and then refuse to publish.
 */
export const ensureInstagramPublishingQuota = async (call: InstagramCall, accountId: string): Promise<void> => {
  const body = await call({
    method: 'GET',
    path: `/${encodeURIComponent(accountId)}/content_publishing_limit`,
    query: { fields: 'quota_usage,config' },
    what: "the request for the account's publishing limit",
  });
  const [limit] = ((body as { data?: PublishingLimit[] } | undefined)?.data ?? []) as (PublishingLimit | undefined)[];
  const usage = limit?.quota_usage;
  const total = limit?.config?.quota_total;
  // An answer without the numbers decides nothing: Instagram still refuses a post over the limit itself.
  if (typeof usage !== 'number' || typeof total !== 'number' || usage < total) return;
  const seconds = limit?.config?.quota_duration;
  const hours = typeof seconds === 'number' && seconds > 0 ? Math.round(seconds / 3600) : 24;
  throw new PlatformError(
    'instagram',
    'permanent',
    'quota_reached',
    `Instagram allows ${total} posts in ${hours} hours and this account has published ${usage}: this post was skipped.`,
  );
};
