import { setTimeout as sleep } from 'node:timers/promises';
import type { InstagramMedium } from './instagram-medium.ts';
import type { InstagramCall } from './instagram-requester.ts';
import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError } from '../common/platform.ts';

export type InstagramContainerOptions = { pollIntervalMs: number; processingTimeoutMs: number };

type ContainerStatus = { status_code?: string; status?: string };

/**
 * A media container: Instagram downloads the medium from its public URL and holds it with the caption until it is
 * published. An image is a feed post; a video is a Reel, shared to the feed too so it shows on the profile grid.
 * Nothing is public yet, so losing this answer is harmless (an unpublished container expires after 24 hours).
 */
export const createInstagramContainer = async (
  call: InstagramCall,
  { accountId, medium, caption }: { accountId: string; medium: InstagramMedium; caption: string },
): Promise<string> => {
  const form: Record<string, string> =
    medium.kind === 'video'
      ? {
          media_type: 'REELS',
          video_url: medium.url,
          caption,
          share_to_feed: 'true',
          ...(medium.coverUrl && { cover_url: medium.coverUrl }),
        }
      : { image_url: medium.url, caption, ...(medium.altText && { alt_text: medium.altText }) };
  const body = await call({
    method: 'POST',
    path: `/${encodeURIComponent(accountId)}/media`,
    form,
    what: `the ${medium.kind}`,
    fetches: [
      { what: medium.kind, url: medium.url },
      ...(medium.coverUrl ? [{ what: 'cover' as const, url: medium.coverUrl }] : []),
    ],
  });
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !id) {
    throw new PlatformError(
      'instagram',
      'transient',
      'media_failed',
      `Instagram took the ${medium.kind} but did not say which container holds it.`,
    );
  }
  return id;
};

/**
 * Reads the container's status until Instagram has processed the medium (FINISHED): publishing a container still
 * IN_PROGRESS is refused. ERROR and EXPIRED are final, with Instagram's own words; a medium still processing at the
 * deadline is transient, and nothing was published.
 */
export const waitForInstagramContainer = async (
  call: InstagramCall,
  {
    containerId,
    kind,
    options,
  }: { containerId: string; kind: InstagramMedium['kind']; options: InstagramContainerOptions },
): Promise<void> => {
  const deadline = Date.now() + options.processingTimeoutMs;
  for (;;) {
    const body = (await call({
      method: 'GET',
      path: `/${encodeURIComponent(containerId)}`,
      query: { fields: 'status_code,status' },
      what: `the processing status of the ${kind}`,
    })) as ContainerStatus | undefined;
    const code = body?.status_code;
    if (code === 'FINISHED') return;
    if (code === 'ERROR' || code === 'EXPIRED') {
      throw new PlatformError(
        'instagram',
        'permanent',
        'media_failed',
        `Instagram could not process the ${kind} (${body?.status || code}): nothing was published.`,
      );
    }
    if (Date.now() + options.pollIntervalMs > deadline) {
      throw new PlatformError(
        'instagram',
        'transient',
        'media_failed',
        `Instagram was still processing the ${kind} after ${describeSeconds(options.processingTimeoutMs)}: nothing was published.`,
      );
    }
    await sleep(options.pollIntervalMs);
  }
};
