import { readGraphPermalink } from '../common/read-graph-permalink.ts';
import type { InstagramCall } from './instagram-requester.ts';

/** Where a post whose own link is unknown can be found: the person's profile is one tap away from here. */
export const INSTAGRAM_HOME = 'https://www.instagram.com/';

/** The published post's link; never throws (readGraphPermalink). */
export const readInstagramPermalink = (call: InstagramCall, mediaId: string) =>
  readGraphPermalink(call, { mediaId, name: 'Instagram', home: INSTAGRAM_HOME });
