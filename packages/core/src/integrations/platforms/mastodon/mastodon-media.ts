import { describeSeconds } from '../common/describe-seconds.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';
import type { MastodonInstance } from './mastodon-instance.ts';
import type { MastodonRequester } from './mastodon-requester.ts';

/** How often a medium still processing is asked after, and how many times before publishing gives up for now. */
export type MastodonMediaPolling = { intervalMs: number; tries: number };
export const MASTODON_MEDIA_POLLING: MastodonMediaPolling = { intervalMs: 2000, tries: 60 };

const megabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
const plural = (count: number) => `${count} ${count === 1 ? 'was' : 'were'}`;
const wording = (detail: string | undefined) => (detail ? `: ${detail.replace(/\.$/, '')}` : '');
const inBrackets = (detail: string | undefined) => (detail ? ` (${detail.replace(/\.$/, '')})` : '');

/** `video-2.mp4`: the extension from the type, as an instance checks a file's name against its content. */
const filenameOf = (medium: PostMedia, index: number) => {
  const subtype = medium.contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  return `${medium.kind}-${index + 1}.${subtype === 'jpeg' ? 'jpg' : subtype}`;
};

/**
 * The media a post can carry on this instance, in the run's order: of a type it takes, within its size limits, and
 * no more than its `max_media_attachments` (4 on Mastodon). What is left out is said in notes rather than failing
 * the whole post.
 */
export const chooseMastodonMedia = (media: PostMedia[], instance: MastodonInstance) => {
  const notes: string[] = [];
  const { host } = instance;
  const fitting = media.filter((medium) => {
    if (instance.supportedMimeTypes && !instance.supportedMimeTypes.includes(medium.contentType)) {
      notes.push(`Mastodon (${host}) does not take ${medium.contentType} files: the ${medium.kind} was left out.`);
      return false;
    }
    const limit = medium.kind === 'image' ? instance.imageSizeLimit : instance.videoSizeLimit;
    if (limit === undefined || medium.bytes.length <= limit) return true;
    notes.push(
      `Mastodon (${host}) takes ${medium.kind}s up to ${megabytes(limit)}: the ${medium.kind} of ${megabytes(medium.bytes.length)} was left out.`,
    );
    return false;
  });
  const max = instance.maxMediaAttachments;
  if (fitting.length > max)
    notes.push(
      `Mastodon (${host}) carries up to ${max} images and videos per post: ${plural(fitting.length - max)} left out.`,
    );
  return { chosen: fitting.slice(0, max), notes };
};

const errorOf = (body: unknown) => {
  const error = (body as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' && !error.trimStart().startsWith('<') ? error.trim() : undefined;
};

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export type MediumUpload = { id: string } | { note: string };

/**
 * Uploads one medium (`POST /api/v2/media`, its alt text as `description`) and waits until the instance has
 * processed it: images answer 200 at once, videos 202 with no `url` yet, then `GET /api/v1/media/:id` answers 206
 * until they are ready (a status cannot carry a medium still processing). A file the instance refuses or cannot
 * process is left out with a note; a failure on its side or the network throws (transient: nothing was posted,
 * an orphan upload is removed by the instance after a day). Taking longer than `polling` allows throws a transient
 * error too, so the delivery tries again later rather than posting without the medium.
 */
export const uploadMastodonMedium = async (
  call: MastodonRequester,
  {
    medium,
    index,
    instance,
    polling,
  }: { medium: PostMedia; index: number; instance: MastodonInstance; polling: MastodonMediaPolling },
): Promise<MediumUpload> => {
  const { host } = instance;
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(medium.bytes)], { type: medium.contentType }),
    filenameOf(medium, index),
  );
  if (medium.altText) form.append('description', [...medium.altText].slice(0, instance.descriptionLimit).join(''));
  const uploaded = await call({
    method: 'POST',
    path: '/api/v2/media',
    form,
    what: `the ${medium.kind} upload`,
    // 413 comes from the web server in front of the instance; 422 from Mastodon ("File content type is invalid").
    accept: [413, 422],
  });
  if (uploaded.status === 413 || uploaded.status === 422)
    return {
      note: `Mastodon (${host}) refused the ${medium.kind} (${uploaded.status}${wording(errorOf(uploaded.body))}): it was left out.`,
    };
  const attachment = (uploaded.body ?? {}) as { id?: unknown; url?: unknown };
  if (typeof attachment.id !== 'string')
    throw new PlatformError(
      'mastodon',
      'transient',
      'media_failed',
      `Mastodon (${host}) accepted the ${medium.kind} but did not say which upload it was.`,
    );
  const id = attachment.id;
  if (uploaded.status === 200 && typeof attachment.url === 'string') return { id };
  for (let attempt = 0; attempt < polling.tries; attempt += 1) {
    await wait(polling.intervalMs);
    const { status, body } = await call({
      method: 'GET',
      path: `/api/v1/media/${encodeURIComponent(id)}`,
      what: `the request for the ${medium.kind}’s processing`,
      accept: [422],
    });
    if (status === 422)
      return {
        note: `Mastodon (${host}) could not process the ${medium.kind}${inBrackets(errorOf(body))}: it was left out.`,
      };
    if (status === 200 && typeof (body as { url?: unknown } | undefined)?.url === 'string') return { id };
  }
  throw new PlatformError(
    'mastodon',
    'transient',
    'media_failed',
    `Mastodon (${host}) was still processing the ${medium.kind} after ${describeSeconds(polling.intervalMs * polling.tries)}: publishing will try again.`,
  );
};

/** Uploads the chosen media one after another, in order: the ids to attach, and a note for each left out. */
export const uploadMastodonMedia = async (
  call: MastodonRequester,
  media: PostMedia[],
  instance: MastodonInstance,
  polling: MastodonMediaPolling,
) => {
  const ids: string[] = [];
  const notes: string[] = [];
  for (const [index, medium] of media.entries()) {
    const upload = await uploadMastodonMedium(call, { medium, index, instance, polling });
    if ('id' in upload) ids.push(upload.id);
    else notes.push(upload.note);
  }
  return { ids, notes };
};
