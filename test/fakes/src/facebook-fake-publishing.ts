import { graphError, invalidParameter, V } from './facebook-fake-graph.ts';
import { withPage, type FacebookFakePhoto, type FacebookFakeStore } from './facebook-fake-state.ts';
import type { RecordedRequest, Route } from './platform-fake-kit.ts';

const MAX_MESSAGE = 63_206;

const sourceOf = (request: RecordedRequest) => request.parts?.find((part) => part.name === 'source' && part.bytes);

const tooLong = () => invalidParameter(`Param message must be at most ${MAX_MESSAGE} characters long`);

/**
 * Publishing on a Page: `/feed` (a message, a link, or unpublished photos attached with `attached_media[i]`),
 * `/photos` (the bytes as the multipart `source`, published as a post or kept unpublished for a later `/feed`) and
 * `/videos` (the bytes as `source`; the post appears once the video is processed).
 */
export const facebookPublishingRoutes = (store: FacebookFakeStore): Route[] => {
  const feed = withPage(store, (_context, page, params) => {
    const message = params.message ?? '';
    if (message.length > MAX_MESSAGE) return tooLong();
    const attached: FacebookFakePhoto[] = [];
    for (let index = 0; params[`attached_media[${index}]`] !== undefined; index += 1) {
      let fbid: unknown;
      try {
        fbid = (JSON.parse(params[`attached_media[${index}]`] ?? '') as { media_fbid?: unknown }).media_fbid;
      } catch {
        return invalidParameter(`attached_media[${index}] must be a JSON object with media_fbid`);
      }
      const photo = store.photos.find((candidate) => candidate.id === fbid && candidate.pageId === page.id);
      if (!photo || photo.published) return invalidParameter(`Photo ${String(fbid)} cannot be attached`);
      attached.push(photo);
    }
    if (!message && !params.link && attached.length === 0) return invalidParameter('Missing message or attachment');
    const last = store.posts.filter((post) => post.pageId === page.id).at(-1);
    if (store.settings.refuseDuplicates && message && last?.message === message) {
      return graphError(400, { message: '(#506) Duplicate status message', code: 506 });
    }
    const post = store.newPost({
      pageId: page.id,
      kind: attached.length > 0 ? 'photo' : 'status',
      message,
      ...(params.link && { link: params.link }),
      attachedPhotoIds: attached.map((photo) => photo.id),
    });
    for (const photo of attached) Object.assign(photo, { published: true, postId: post.id });
    return { status: 200, json: { id: post.id } };
  });

  const photos = withPage(store, ({ request }, page, params) => {
    const source = sourceOf(request);
    if (!source?.bytes) return graphError(400, { message: '(#324) Requires upload file', code: 324 });
    if (!(source.contentType ?? '').startsWith('image/')) {
      return graphError(400, { message: '(#324) Missing or invalid image file', code: 324 });
    }
    const message = params.message ?? params.caption;
    if ((message ?? '').length > MAX_MESSAGE) return tooLong();
    const published = params.published !== 'false';
    const photo: FacebookFakePhoto = {
      id: store.nextId(),
      pageId: page.id,
      published,
      ...(message !== undefined && { message }),
      ...(params.alt_text_custom !== undefined && { altText: params.alt_text_custom }),
      bytes: source.bytes,
      contentType: source.contentType,
      filename: source.filename,
    };
    store.photos.push(photo);
    if (!published) return { status: 200, json: { id: photo.id } };
    // A photo post's id is the Page's and the photo's.
    const post = store.newPost(
      { pageId: page.id, kind: 'photo', message: message ?? '', attachedPhotoIds: [photo.id] },
      photo.id,
    );
    photo.postId = post.id;
    return { status: 200, json: { id: photo.id, post_id: post.id } };
  });

  const videos = withPage(store, ({ request }, page, params) => {
    const source = sourceOf(request);
    if (!source?.bytes)
      return graphError(400, { message: '(#6000) There was a problem uploading your video file', code: 6000 });
    const video = {
      id: store.nextId(),
      pageId: page.id,
      description: params.description ?? '',
      bytes: source.bytes,
      contentType: source.contentType,
      status: 'processing' as const,
      pollsLeft: store.settings.videoPolls,
      outcome: store.settings.videoOutcome,
    };
    store.videos.push(video);
    return { status: 200, json: { id: video.id } };
  });

  return [
    { method: 'POST', pattern: `${V}/:page/feed`, handle: feed },
    { method: 'POST', pattern: `${V}/:page/photos`, handle: photos },
    { method: 'POST', pattern: `${V}/:page/videos`, handle: videos },
  ];
};

/** A video's processing advances with each status read; once ready, its post appears. */
export const advanceVideo = (store: FacebookFakeStore, video: FacebookFakeStore['videos'][number]) => {
  if (video.status !== 'processing') return;
  if (video.pollsLeft > 0) {
    video.pollsLeft -= 1;
    return;
  }
  video.status = video.outcome;
  if (video.status === 'ready') {
    const post = store.newPost({
      pageId: video.pageId,
      kind: 'video',
      message: video.description,
      attachedPhotoIds: [],
    });
    video.postId = post.id;
  }
};
