import type { YouTubeCall } from './youtube-requester.ts';
import { youTubeVideoMetadata } from './youtube-video-metadata.ts';
import { PlatformError } from '../common/platform.ts';
import { postTextMatches } from '../common/post-text-matches.ts';

type ChannelList = { items?: { id?: string; contentDetails?: { relatedPlaylists?: { uploads?: string } } }[] };
type PlaylistItems = {
  items?: { snippet?: { publishedAt?: string; description?: string; resourceId?: { videoId?: string } } }[];
};

const CLOCK_SKEW_MS = 60_000;
const RECENT_UPLOADS = '25';

/**
 * The id of the channel's video carrying this post, uploaded since `since`, or null: the channel's uploads
 * playlist (newest first, private videos included for the channel's own token), matched on the description as
 * publish wrote it from the same text.
 */
export const findRecentYouTubeUpload = async (
  call: YouTubeCall,
  channelId: string,
  { text, since }: { text: string; since: Date },
): Promise<string | null> => {
  const { body: channels } = await call({
    method: 'GET',
    path: '/youtube/v3/channels',
    query: { part: 'contentDetails', id: channelId },
    what: 'the request for the channel',
  });
  const uploads = (channels as ChannelList | undefined)?.items?.find((channel) => channel.id === channelId)
    ?.contentDetails?.relatedPlaylists?.uploads;
  if (!uploads) {
    throw new PlatformError(
      'youtube',
      'permanent',
      'reconnect_required',
      `YouTube does not know the channel ${channelId} this connection is for: reconnect YouTube.`,
    );
  }
  let playlist: PlaylistItems | undefined;
  try {
    const answer = await call({
      method: 'GET',
      path: '/youtube/v3/playlistItems',
      query: { part: 'snippet', playlistId: uploads, maxResults: RECENT_UPLOADS },
      what: 'the request for recent videos',
    });
    playlist = answer.body as PlaylistItems | undefined;
  } catch (error) {
    // YouTube answers 404 playlistNotFound for the uploads playlist of a channel that has no videos.
    if (error instanceof PlatformError && error.status === 404) return null;
    throw error;
  }
  const description = youTubeVideoMetadata(text).description;
  const earliest = since.getTime() - CLOCK_SKEW_MS;
  const match = (playlist?.items ?? []).find(
    ({ snippet }) =>
      Date.parse(snippet?.publishedAt ?? '') >= earliest && postTextMatches(description, snippet?.description ?? ''),
  );
  return match?.snippet?.resourceId?.videoId ?? null;
};
