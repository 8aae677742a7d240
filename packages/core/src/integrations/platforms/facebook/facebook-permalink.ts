import type { FacebookCall } from './facebook-requester.ts';

const FACEBOOK = 'https://www.facebook.com';

/** Where a post whose own link is unknown can be found: the Page, one tap from the post. */
export const facebookPageUrl = (pageId: string) => `${FACEBOOK}/${pageId}`;

/** Graph gives a post's link in full and a video's as a path (`/page/videos/1/`). */
export const absoluteFacebookUrl = (link: string) => (link.startsWith('/') ? `${FACEBOOK}${link}` : link);

/**
 * The link of a post or comment just published. Called once it exists, so it never throws: a failed read (Facebook
 * down, the new post not readable yet) leaves the link at the Page with a note, because failing here would make the
 * delivery try again and publish twice.
 */
export const readFacebookPermalink = async (
  call: FacebookCall,
  { id, pageId }: { id: string; pageId: string },
): Promise<{ url: string; notes: string[] }> => {
  try {
    const body = await call({
      method: 'GET',
      path: `/${encodeURIComponent(id)}`,
      query: { fields: 'permalink_url' },
      what: "the request for the post's link",
    });
    const permalink = (body as { permalink_url?: unknown } | undefined)?.permalink_url;
    if (typeof permalink === 'string' && permalink) return { url: absoluteFacebookUrl(permalink), notes: [] };
    return {
      url: facebookPageUrl(pageId),
      notes: ['The post is published, but Facebook gave no link to it: find it on the Page.'],
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    return {
      url: facebookPageUrl(pageId),
      notes: [`The post is published, but its link could not be read (${reason}): find it on the Page.`],
    };
  }
};
