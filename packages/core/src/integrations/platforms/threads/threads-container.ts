import { setTimeout as sleep } from 'node:timers/promises';
import type { ThreadsAttachment, ThreadsMedium } from './threads-media.ts';
import type { ThreadsCall } from './threads-requester.ts';
import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError } from '../common/platform.ts';

export type ThreadsContainerOptions = { pollIntervalMs: number; processingTimeoutMs: number };

type ContainerStatus = { status?: string; error_message?: string };

/**
 * One media container (`POST /{user-id}/threads`): Threads downloads the medium from its public URL and holds it
 * with the text until it is published. Nothing is public yet, so losing this answer is harmless (an unpublished
 * container expires after 24 hours).
 */
const createContainer = async (
  call: ThreadsCall,
  {
    accountId,
    form,
    what,
    media,
  }: { accountId: string; form: Record<string, string>; what: string; media: ThreadsMedium[] },
): Promise<string> => {
  const body = await call({
    method: 'POST',
    path: `/${encodeURIComponent(accountId)}/threads`,
    form,
    what,
    fetches: media.map((medium) => ({ what: medium.kind, url: medium.url })),
  });
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string' || !id) {
    throw new PlatformError(
      'threads',
      'transient',
      'media_failed',
      `Threads took ${what} but did not say which container holds it.`,
    );
  }
  return id;
};

/**
 * Reads a container's status until Threads has processed it (FINISHED): Meta says to give every container time
 * before publishing it, text ones included, and a container published too early is "not found". ERROR and EXPIRED
 * are final, with Threads' own words; a container still processing at the deadline is transient, and nothing was
 * published.
 */
const waitForContainer = async (
  call: ThreadsCall,
  { containerId, what, options }: { containerId: string; what: string; options: ThreadsContainerOptions },
): Promise<void> => {
  const deadline = Date.now() + options.processingTimeoutMs;
  for (;;) {
    const body = (await call({
      method: 'GET',
      path: `/${encodeURIComponent(containerId)}`,
      query: { fields: 'status,error_message' },
      what: `the processing status of ${what}`,
    })) as ContainerStatus | undefined;
    const status = body?.status;
    if (status === 'FINISHED') return;
    if (status === 'ERROR' || status === 'EXPIRED') {
      throw new PlatformError(
        'threads',
        'permanent',
        'media_failed',
        `Threads could not process ${what} (${body?.error_message || status}): nothing was published.`,
      );
    }
    if (Date.now() + options.pollIntervalMs > deadline) {
      throw new PlatformError(
        'threads',
        'transient',
        'media_failed',
        `Threads was still processing ${what} after ${describeSeconds(options.processingTimeoutMs)}: nothing was published.`,
      );
    }
    await sleep(options.pollIntervalMs);
  }
};

const mediumForm = ({ kind, url, altText }: ThreadsMedium): Record<string, string> => ({
  media_type: kind === 'video' ? 'VIDEO' : 'IMAGE',
  [kind === 'video' ? 'video_url' : 'image_url']: url,
  ...(altText && { alt_text: altText }),
});

/**
 * The container a post is published from, processed and ready: TEXT, IMAGE or VIDEO; or a CAROUSEL, whose items are
 * containers of their own (`is_carousel_item`), each processed before the carousel is made of them. A reply names
 * its parent on the top container. Returns the container's id.
 */
export const prepareThreadsContainer = async (
  call: ThreadsCall,
  {
    accountId,
    attachment,
    text,
    replyToPostId,
    options,
  }: {
    accountId: string;
    attachment: ThreadsAttachment;
    text: string;
    replyToPostId?: string;
    options: ThreadsContainerOptions;
  },
): Promise<string> => {
  const top = { ...(text && { text }), ...(replyToPostId && { reply_to_id: replyToPostId }) };
  if (attachment.kind === 'carousel') {
    const items: { id: string; what: string }[] = [];
    for (const [index, medium] of attachment.media.entries()) {
      const what = `the ${medium.kind} ${index + 1} of the carousel`;
      const form = { ...mediumForm(medium), is_carousel_item: 'true' };
      items.push({ id: await createContainer(call, { accountId, form, what, media: [medium] }), what });
    }
    // Threads processes the items side by side: waiting on each in turn costs no more than the slowest.
    for (const item of items) await waitForContainer(call, { containerId: item.id, what: item.what, options });
    const form = { media_type: 'CAROUSEL', children: items.map((item) => item.id).join(','), ...top };
    const containerId = await createContainer(call, { accountId, form, what: 'the carousel', media: [] });
    await waitForContainer(call, { containerId, what: 'the carousel', options });
    return containerId;
  }
  const medium = attachment.kind === 'single' ? attachment.medium : undefined;
  const what = medium ? `the ${medium.kind}` : 'the post';
  const form = medium ? { ...mediumForm(medium), ...top } : { media_type: 'TEXT', ...top };
  const containerId = await createContainer(call, { accountId, form, what, media: medium ? [medium] : [] });
  await waitForContainer(call, { containerId, what, options });
  return containerId;
};
