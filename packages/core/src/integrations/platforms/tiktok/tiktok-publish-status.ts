import { setTimeout as sleep } from 'node:timers/promises';
import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError } from '../common/platform.ts';
import { describeTikTokFailReason } from './tiktok-fail-reasons.ts';
import type { TikTokCall } from './tiktok-requester.ts';

export type TikTokStatusOptions = { pollIntervalMs: number; timeoutMs: number };

/** The published post's id, or none: TikTok gives ids of public posts only, once its review has passed. */
export type TikTokPublished = { postId?: string };

/** TikTok's spelling: `publicaly_available_post_id`, int64s (read as strings when they are too large to be exact). */
const firstPublicId = (ids: unknown) => {
  const [id] = Array.isArray(ids) ? (ids as unknown[]) : [];
  const text = typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : id;
  return typeof text === 'string' && /^\d+$/.test(text) ? text : undefined;
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message.replace(/\.$/, '') : String(error));

const mayBePublished = (error: unknown) =>
  new PlatformError(
    'tiktok',
    'unknown',
    error instanceof PlatformError && error.reason === 'timeout' ? 'timeout' : 'connection_lost',
    `The post was sent to TikTok, but whether TikTok published it could not be read (${reasonOf(error)}): it may have been published.`,
    { cause: error },
  );

/**
 * Reads the post's status (status/fetch) until TikTok has published it (PUBLISH_COMPLETE) or given up on it (FAILED,
 * with its reason). The post was sent, so nothing here may end as transient: a status that cannot be read, or a post
 * still processing at the deadline, is `unknown` — TikTok may still publish it. A status read that fails on
 * TikTok's side or is rate-limited is tried again at the next interval. A public post completes before TikTok's
 * review gives its id: that is waited for too, and at the deadline the post counts as published without one.
 */
export const waitForTikTokPublish = async (
  call: TikTokCall,
  {
    publishId,
    expectsPublicId,
    options,
  }: { publishId: string; expectsPublicId: boolean; options: TikTokStatusOptions },
): Promise<TikTokPublished> => {
  const deadline = Date.now() + options.timeoutMs;
  let completed = false;
  let lastFailure: PlatformError | undefined;
  for (;;) {
    let data: Record<string, unknown> | undefined;
    try {
      data = await call({
        path: '/v2/post/publish/status/fetch/',
        json: { publish_id: publishId },
        what: "the request for the post's publishing status",
        scope: 'video.publish',
      });
      lastFailure = undefined;
    } catch (error) {
      if (!(error instanceof PlatformError) || error.kind !== 'transient') throw mayBePublished(error);
      lastFailure = error;
    }
    if (data?.status === 'PUBLISH_COMPLETE') {
      const postId = firstPublicId(data.publicaly_available_post_id);
      if (postId || !expectsPublicId) return { postId };
      completed = true;
    }
    if (data?.status === 'FAILED') {
      const failReason = typeof data.fail_reason === 'string' ? data.fail_reason : undefined;
      const { kind, reason, message } = describeTikTokFailReason(failReason);
      throw new PlatformError('tiktok', kind, reason, message);
    }
    if (Date.now() + options.pollIntervalMs > deadline) {
      if (completed) return {};
      if (lastFailure) throw mayBePublished(lastFailure);
      throw new PlatformError(
        'tiktok',
        'unknown',
        'timeout',
        `TikTok was still processing the post after ${describeSeconds(options.timeoutMs)}: it was sent, and TikTok may still publish it.`,
      );
    }
    await sleep(options.pollIntervalMs);
  }
};
