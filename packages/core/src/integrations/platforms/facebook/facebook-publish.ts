import { firstLinkOf } from './facebook-content.ts';
import type { FacebookCall, FacebookRequest } from './facebook-requester.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';

/** What publishing on a Page asks of the token. */
export const PUBLISH_PERMISSION = 'pages_manage_posts';
/** What commenting as the Page asks of the token. */
export const ENGAGEMENT_PERMISSION = 'pages_manage_engagement';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'video/mp4': 'mp4' };

/** A file part as Graph takes one (`source`), named after its type so Facebook reads it as one. */
export const withSource = (form: FormData, medium: PostMedia) => {
  const extension = EXTENSIONS[medium.contentType] ?? medium.contentType.split('/')[1] ?? 'bin';
  form.append(
    'source',
    new Blob([new Uint8Array(medium.bytes)], { type: medium.contentType }),
    `${medium.kind}.${extension}`,
  );
  return form;
};

export const multipartOf = (fields: Record<string, string | undefined>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
};

/**
 * The request that makes the post. Losing its answer is `unknown` (fetchFromPlatform); so is a failure on Facebook's
 * side, since Graph has been seen to publish and still answer 5xx, and Facebook refuses an identical text only some
 * of the time: the post is looked for among the Page's posts instead of being sent again.
 */
export const publishingCall = async (call: FacebookCall, request: Omit<FacebookRequest, 'createsPost'>) => {
  const body = await call({ ...request, createsPost: true }).catch((error: unknown) => {
    if (error instanceof PlatformError && error.reason === 'platform_unavailable') {
      throw new PlatformError('facebook', 'unknown', 'platform_unavailable', error.message, {
        status: error.status,
        cause: error,
      });
    }
    throw error;
  });
  return body as { id?: unknown; post_id?: unknown } | undefined;
};

/** The id Graph gave for what it made, or `unknown`: it was made, but which it is cannot be said. */
export const idOrUnknown = (id: unknown): string => {
  if (typeof id === 'string' && id) return id;
  throw new PlatformError(
    'facebook',
    'unknown',
    'connection_lost',
    'Facebook accepted the post but did not say which post it is: it was probably published.',
  );
};

/** A text post (`/feed`), with the first link in the text as its link so Facebook shows the page's preview. */
export const publishFacebookText = async (call: FacebookCall, { pageId, text }: { pageId: string; text: string }) => {
  const link = firstLinkOf(text);
  const body = await publishingCall(call, {
    method: 'POST',
    path: `/${pageId}/feed`,
    form: { message: text, ...(link && { link }) },
    what: 'the post',
    permission: PUBLISH_PERMISSION,
  });
  return idOrUnknown(body?.id);
};

/**
 * One photo post: the image's bytes go up with the message (Facebook needs no public address for them). Graph
 * answers the photo's id and the post's (`post_id`); the post's is what deletes, comments and metrics use.
 */
export const publishFacebookPhoto = async (
  call: FacebookCall,
  { pageId, text, image }: { pageId: string; text: string; image: PostMedia },
) => {
  const body = await publishingCall(call, {
    method: 'POST',
    path: `/${pageId}/photos`,
    multipart: withSource(multipartOf({ message: text, alt_text_custom: image.altText }), image),
    what: 'the photo post',
    permission: PUBLISH_PERMISSION,
  });
  return idOrUnknown(body?.post_id ?? body?.id);
};

/**
 * A post with several photos: each is uploaded unpublished (invisible, so losing one of these answers is harmless:
 * nothing shows), then one `/feed` post attaches them all in order.
 */
export const publishFacebookPhotos = async (
  call: FacebookCall,
  { pageId, text, images }: { pageId: string; text: string; images: PostMedia[] },
) => {
  const photoIds: string[] = [];
  for (const [index, image] of images.entries()) {
    const body = (await call({
      method: 'POST',
      path: `/${pageId}/photos`,
      multipart: withSource(multipartOf({ published: 'false', alt_text_custom: image.altText }), image),
      what: `photo ${index + 1} of ${images.length}`,
      permission: PUBLISH_PERMISSION,
    })) as { id?: unknown } | undefined;
    if (typeof body?.id !== 'string' || !body.id) {
      throw new PlatformError(
        'facebook',
        'transient',
        'media_failed',
        `Facebook took photo ${index + 1} of ${images.length} but did not say which photo it is: nothing was published.`,
      );
    }
    photoIds.push(body.id);
  }
  const attached = Object.fromEntries(
    photoIds.map((id, index) => [`attached_media[${index}]`, JSON.stringify({ media_fbid: id })]),
  );
  const body = await publishingCall(call, {
    method: 'POST',
    path: `/${pageId}/feed`,
    form: { message: text, ...attached },
    what: 'the post',
    permission: PUBLISH_PERMISSION,
  });
  return idOrUnknown(body?.id);
};

/** A reply: a comment on the post or comment answered, as the Page. */
export const publishFacebookComment = async (
  call: FacebookCall,
  { targetId, text }: { targetId: string; text: string },
) => {
  const body = await publishingCall(call, {
    method: 'POST',
    path: `/${encodeURIComponent(targetId)}/comments`,
    form: { message: text },
    what: 'the comment',
    permission: ENGAGEMENT_PERMISSION,
  });
  return idOrUnknown(body?.id);
};
