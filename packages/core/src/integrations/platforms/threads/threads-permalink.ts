import { readGraphPermalink } from '../common/read-graph-permalink.ts';
import type { ThreadsCall } from './threads-requester.ts';

/** Where a post whose own link is unknown can be found: the person's profile is one tap away from here. */
export const THREADS_HOME = 'https://www.threads.net/';

/** The published post's link; never throws (readGraphPermalink). */
export const readThreadsPermalink = (call: ThreadsCall, mediaId: string) =>
  readGraphPermalink(call, { mediaId, name: 'Threads', home: THREADS_HOME });
