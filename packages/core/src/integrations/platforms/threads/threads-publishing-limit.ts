import type { ThreadsCall } from './threads-requester.ts';
import { PlatformError } from '../common/platform.ts';

type QuotaConfig = { quota_total?: unknown; quota_duration?: unknown };
type PublishingLimit = {
  quota_usage?: unknown;
  config?: QuotaConfig;
  reply_quota_usage?: unknown;
  reply_config?: QuotaConfig;
};

/**
 * Threads lets a profile publish 250 posts and 1,000 replies through the API in a moving 24 hours
 * (`GET /{user-id}/threads_publishing_limit`). Read before anything is sent, so a post over the limit is skipped with
 * words saying why instead of containers Threads would download the media for and then refuse to publish. Replies
 * are asked about only for a reply: reading their count takes the threads_manage_replies permission.
 */
export const ensureThreadsPublishingQuota = async (
  call: ThreadsCall,
  { accountId, isReply }: { accountId: string; isReply: boolean },
): Promise<void> => {
  const body = await call({
    method: 'GET',
    path: `/${encodeURIComponent(accountId)}/threads_publishing_limit`,
    query: { fields: isReply ? 'reply_quota_usage,reply_config' : 'quota_usage,config' },
    what: "the request for the account's publishing limit",
  });
  const [limit] = ((body as { data?: PublishingLimit[] } | undefined)?.data ?? []) as (PublishingLimit | undefined)[];
  const usage = isReply ? limit?.reply_quota_usage : limit?.quota_usage;
  const config = isReply ? limit?.reply_config : limit?.config;
  const total = config?.quota_total;
  // An answer without the numbers decides nothing: Threads still refuses a post over the limit itself.
  if (typeof usage !== 'number' || typeof total !== 'number' || usage < total) return;
  const seconds = config?.quota_duration;
  const hours = typeof seconds === 'number' && seconds > 0 ? Math.round(seconds / 3600) : 24;
  const things = total === 1 ? (isReply ? 'reply' : 'post') : isReply ? 'replies' : 'posts';
  throw new PlatformError(
    'threads',
    'permanent',
    'quota_reached',
    `Threads allows ${total.toLocaleString('en')} ${things} in ${hours} hours and this account has published ${usage.toLocaleString('en')}: this ${isReply ? 'reply' : 'post'} was skipped.`,
  );
};
