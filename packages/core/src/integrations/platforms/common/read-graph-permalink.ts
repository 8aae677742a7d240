/** A Meta Graph read (Instagram's, Threads'): the fields of one node. */
type GraphRead = (request: {
  method: 'GET';
  path: string;
  query: Record<string, string>;
  what: string;
}) => Promise<unknown>;

/**
 * A published post's link on a Meta network (Instagram, Threads). Called once the post exists, so it never throws: a
 * failed read (the network down, the new post not readable yet) leaves the link at the network's home with a note,
 * because failing here would make the delivery try again and publish the post twice.
 */
export const readGraphPermalink = async (
  call: GraphRead,
  { mediaId, name, home }: { mediaId: string; name: string; home: string },
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
      url: home,
      notes: [`The post is published, but ${name} gave no link to it: find it on the account's profile.`],
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    return {
      url: home,
      notes: [`The post is published, but its link could not be read (${reason}): find it on the account's profile.`],
    };
  }
};
