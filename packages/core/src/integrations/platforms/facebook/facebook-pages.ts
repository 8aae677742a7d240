import { FACEBOOK_GRAPH_VERSION } from './facebook-graph-version.ts';
import { createFacebookRequester } from './facebook-requester.ts';

/** A Page the person manages, as the choice after Facebook Login shows it. */
export type FacebookPage = {
  id: string;
  name: string;
  /** The Page access token: what the adapter acts with once the Page is chosen. */
  accessToken: string;
  /** Whether the person may publish as the Page (CREATE_CONTENT, or MANAGE which includes it). */
  canPost: boolean;
  pictureUrl?: string;
};

type PageItem = {
  id?: unknown;
  name?: unknown;
  access_token?: unknown;
  tasks?: unknown;
  picture?: { data?: { url?: unknown } };
};
type Listing = { data?: PageItem[]; paging?: { cursors?: { after?: string }; next?: string } };

/** Pages a request answers (Graph's most for this edge), and requests at most: 1,000 Pages. */
const PAGE_SIZE = 100;
const MAX_REQUESTS = 10;
const POSTING_TASKS = new Set(['CREATE_CONTENT', 'MANAGE']);

const asPage = (item: PageItem): FacebookPage | undefined => {
  const { id, name, access_token: accessToken } = item;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof accessToken !== 'string' || !accessToken)
    return undefined;
  const tasks = Array.isArray(item.tasks) ? item.tasks : [];
  const picture = item.picture?.data?.url;
  return {
    id,
    name,
    accessToken,
    canPost: tasks.some((task) => typeof task === 'string' && POSTING_TASKS.has(task)),
    ...(typeof picture === 'string' && picture && { pictureUrl: picture }),
  };
};

/**
 * The Pages the person who logged in manages (`GET /me/accounts`, page by page), each with its own Page token, for
 * choosing the Page an agent posts to. `userAccessToken` is the person's token from Facebook Login, sent in the
 * Authorization header. Throws PlatformError('facebook', …): reconnect when the token is refused.
 */
export const listFacebookPages = async (
  {
    baseUrl = 'https://graph.facebook.com',
    graphVersion = FACEBOOK_GRAPH_VERSION,
    timeoutMs,
  }: { baseUrl?: string; graphVersion?: string; timeoutMs: number },
  userAccessToken: string,
): Promise<FacebookPage[]> => {
  const call = createFacebookRequester({ baseUrl, timeoutMs, graphVersion })(userAccessToken);
  const pages: FacebookPage[] = [];
  let after: string | undefined;
  for (let request = 0; request < MAX_REQUESTS; request += 1) {
    const body = (await call({
      method: 'GET',
      path: '/me/accounts',
      query: { fields: 'id,name,access_token,tasks,picture', limit: String(PAGE_SIZE), ...(after && { after }) },
      what: 'the request for your Facebook Pages',
      permission: 'pages_show_list',
    })) as Listing | undefined;
    pages.push(...(body?.data ?? []).map(asPage).filter((page) => page !== undefined));
    after = body?.paging?.next ? body.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return pages;
};
