import { listFacebookPages } from '../platforms/facebook/facebook-pages.ts';
import { PlatformError } from '../platforms/common/platform.ts';
import { callProvider, readTokenAnswer, requireString, withQuery } from './oauth-http.ts';
import { OAuthProviderError, type OAuthProvider } from './oauth-provider.ts';

export type FacebookOAuthSettings = {
  clientId: string;
  clientSecret: string;
  /** https://www.facebook.com: the login dialog. */
  oauthBaseUrl: string;
  /** https://graph.facebook.com: the code exchange, the long-lived token, the person's Pages. */
  graphBaseUrl: string;
  /** v27.0: the Graph API version of every path. */
  graphVersion: string;
  timeoutMs: number;
};

/**
 * Issue 35 §2: list the person's Pages, publish on one (posts, photos, videos), read its posts' engagement and the
 * comments people leave, and answer them. Each needs Meta's app review before people without a role on the app can
 * grant it.
 */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_manage_posts',
  'pages_read_engagement',
  'pages_read_user_content',
  'pages_manage_engagement',
  'publish_video',
  'read_insights',
];

/** A refusal while listing the Pages, in the words the connection flow reports. */
const asProviderError = (error: unknown) => {
  if (!(error instanceof PlatformError)) return error;
  return new OAuthProviderError(error.kind === 'permanent' ? 'rejected' : 'unavailable', error.message);
};

/**
 * Facebook Login, then the Page. The code gives a short-lived user token, exchanged at once for a long-lived one
 * (fb_exchange_token); the Page tokens read with it (`/me/accounts`) do not expire, so the connection keeps the
 * chosen Page's token and nothing is ever renewed. The person's own token is not kept.
 */
export const createFacebookOAuthProvider = (settings: FacebookOAuthSettings): OAuthProvider => {
  const { clientId, clientSecret, oauthBaseUrl, graphBaseUrl, graphVersion, timeoutMs } = settings;
  const label = 'Facebook';
  const tokenUrl = `${graphBaseUrl}/${graphVersion}/oauth/access_token`;
  return {
    platform: 'facebook',
    usesPkce: false,
    authorizationUrl: ({ state, redirectUri }) =>
      withQuery(`${oauthBaseUrl}/${graphVersion}/dialog/oauth`, {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: FACEBOOK_SCOPES.join(','),
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      const shortLived = await callProvider({
        label,
        url: withQuery(tokenUrl, { client_id: clientId, client_secret: clientSecret, redirect_uri: redirectUri, code }),
        timeoutMs,
      });
      const longLived = await callProvider({
        label,
        url: withQuery(tokenUrl, {
          grant_type: 'fb_exchange_token',
          client_id: clientId,
          client_secret: clientSecret,
          fb_exchange_token: readTokenAnswer(label, shortLived).accessToken,
        }),
        timeoutMs,
      });
      return { ...readTokenAnswer(label, longLived), scopes: FACEBOOK_SCOPES };
    },
    canRefresh: () => false,
    refresh: () => Promise.reject(new OAuthProviderError('rejected', 'Facebook Page tokens are not renewed.')),
    readAccount: async (accessToken) => {
      const me = await callProvider({
        label,
        url: withQuery(`${graphBaseUrl}/${graphVersion}/me`, { fields: 'id,name' }),
        bearer: accessToken,
        timeoutMs,
      });
      return {
        accountId: requireString(label, me, 'id'),
        displayName: typeof me.name === 'string' ? me.name : 'Facebook account',
        handle: null,
      };
    },
    listAccounts: async (accessToken) => {
      const pages = await listFacebookPages({ baseUrl: graphBaseUrl, graphVersion, timeoutMs }, accessToken).catch(
        (error: unknown) => {
          throw asProviderError(error);
        },
      );
      return pages
        .filter((page) => page.canPost)
        .map((page) => ({ accountId: page.id, displayName: page.name, handle: null, accessToken: page.accessToken }));
    },
  };
};
