import type { ThreadsCall } from './threads-requester.ts';

/** Where a post whose own link is unknown can be found: the person's profile is one tap away from here. */
export const THREADS_HOME = 'https://www.threads.net/';

/**
 * The published post's link. Called once the post exists, so it never throws: a failed read (Threads down, the new
 * post not readable yet) leaves the link at threads.net with a note, because failing here would make the delivery
 * try again and publish the post twice.
 */
export const readThreadsPermalink = async (
  call: ThreadsCall,
  mediaId: string,
): Promise<{ url: string; notes: string[] }> => {
  try {
    const body = await call({
      method: 'GET',
      path: `/${encodeURIComponent(mediaId)}`,
      query: { fields: 'permalink' },
      what: "the request for the post's link",
    });
    const permalink = (body as { permalink?: unknown } | undefined)?.permalink;
    if (typeof permalink === 'string' && permalink) return { url: permalink, notes: [] };
    return {
      url: THREADS_HOME,
      notes: ["The post is published, but Threads gave no link to it: find it on the account's profile."],
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    return {
      url: THREADS_HOME,
      notes: [`The post is published, but its link could not be read (${reason}): find it on the account's profile.`],
    };
  }
};
