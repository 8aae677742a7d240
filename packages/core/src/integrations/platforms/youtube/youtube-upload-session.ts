import type { YouTubeCall } from './youtube-requester.ts';
import type { YouTubeVideoMetadata } from './youtube-video-metadata.ts';
import { PlatformError, type PostMedia, type VideoPrivacy } from '../common/platform.ts';

/** "People & Blogs", YouTube's category for a person's own posts and the one its upload page defaults to. */
const PEOPLE_AND_BLOGS = '22';

/**
 * Step one of a resumable upload: the video's metadata and size go to YouTube, which answers with the session URL
 * (Location) the bytes then go to. Nothing is published yet, so every failure here is at worst transient: a
 * session never used expires on its own.
 */
export const startYouTubeUploadSession = async (
  call: YouTubeCall,
  { metadata, video, privacy }: { metadata: YouTubeVideoMetadata; video: PostMedia; privacy: VideoPrivacy },
): Promise<string> => {
  const { headers } = await call({
    method: 'POST',
    path: '/upload/youtube/v3/videos',
    query: { uploadType: 'resumable', part: 'snippet,status' },
    json: {
      snippet: { title: metadata.title, description: metadata.description, categoryId: PEOPLE_AND_BLOGS },
      // Declared not made for kids: agents post for their owner's audience, and leaving it unset makes YouTube ask
      // the owner in Studio before the video can go anywhere.
      status: { privacyStatus: privacy, selfDeclaredMadeForKids: false },
    },
    headers: { 'X-Upload-Content-Type': video.contentType, 'X-Upload-Content-Length': String(video.bytes.length) },
    what: 'the upload',
  });
  const sessionUrl = headers.get('location');
  if (!sessionUrl) {
    throw new PlatformError(
      'youtube',
      'transient',
      'media_failed',
      'YouTube did not give an address to upload the video to.',
    );
  }
  return sessionUrl;
};
