import { callProvider, requireString, withQuery } from './oauth-http.ts';

/**
 * The HTTP calls of Mastodon's OAuth, on any instance (mastodon-oauth-provider.ts makes them a connection flow).
 * Every call throws OAuthProviderError: `rejected` when the instance refused (a used code, a wrong client secret),
 * `unavailable` when it could not be reached, timed out or failed on its side.
 */

/** `https://mastodon.social/` → `https://mastodon.social`: where the instance's routes start. */
const rootOf = (instanceUrl: string) => instanceUrl.replace(/\/+$/, '');
/** How the instance is named in errors: people may have accounts on several. */
const labelOf = (instanceUrl: string) => {
  try {
    return `Mastodon (${new URL(instanceUrl).host})`;
  } catch {
    return 'Mastodon';
  }
};

export type MastodonApp = { clientId: string; clientSecret: string };

/**
 * Registers this server as an app on an instance (`POST /api/v1/apps`), which every instance needs once before its
 * people can authorize it: its name and website are what the authorization page and posts show.
 */
export const registerMastodonApp = async ({
  instanceUrl,
  redirectUri,
  scopes,
  clientName,
  website,
  timeoutMs,
}: {
  instanceUrl: string;
  redirectUri: string;
  scopes: readonly string[];
  clientName: string;
  website?: string;
  timeoutMs: number;
}): Promise<MastodonApp> => {
  const label = labelOf(instanceUrl);
  const body = await callProvider({
    label,
    url: `${rootOf(instanceUrl)}/api/v1/apps`,
    method: 'POST',
    form: {
      client_name: clientName,
      redirect_uris: redirectUri,
      scopes: scopes.join(' '),
      ...(website && { website }),
    },
    timeoutMs,
  });
  return {
    clientId: requireString(label, body, 'client_id'),
    clientSecret: requireString(label, body, 'client_secret'),
  };
};

/** Where the person authorizes the app on their instance; it sends them back to `redirectUri` with `code` and `state`. */
export const mastodonAuthorizationUrl = ({
  instanceUrl,
  clientId,
  redirectUri,
  scopes,
  state,
}: {
  instanceUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  state: string;
}) =>
  withQuery(`${rootOf(instanceUrl)}/oauth/authorize`, {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
  });

/** Trades the code for the account's access token (`POST /oauth/token`); Mastodon's tokens do not expire. */
export const exchangeMastodonCode = async ({
  instanceUrl,
  clientId,
  clientSecret,
  code,
  redirectUri,
  scopes,
  timeoutMs,
}: {
  instanceUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  scopes: readonly string[];
  timeoutMs: number;
}): Promise<string> => {
  const label = labelOf(instanceUrl);
  const body = await callProvider({
    label,
    url: `${rootOf(instanceUrl)}/oauth/token`,
    method: 'POST',
    form: {
      grant_type: 'authorization_code',
      code,
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: redirectUri,
      scope: scopes.join(' '),
    },
    timeoutMs,
  });
  return requireString(label, body, 'access_token');
};

export type MastodonAccount = {
  /** The account's id on its instance (what `accountId` holds). */
  id: string;
  /** Without the @ or the instance. */
  username: string;
  /** As the instance names it: the username alone for its own accounts. */
  acct: string;
  displayName: string;
  /** The account's profile page. */
  url: string;
};

/** The account a token acts for (`GET /api/v1/accounts/verify_credentials`). */
export const readMastodonAccount = async ({
  instanceUrl,
  accessToken,
  timeoutMs,
}: {
  instanceUrl: string;
  accessToken: string;
  timeoutMs: number;
}): Promise<MastodonAccount> => {
  const label = labelOf(instanceUrl);
  const body = await callProvider({
    label,
    url: `${rootOf(instanceUrl)}/api/v1/accounts/verify_credentials`,
    bearer: accessToken,
    timeoutMs,
  });
  const username = requireString(label, body, 'username');
  return {
    id: requireString(label, body, 'id'),
    username,
    acct: typeof body.acct === 'string' ? body.acct : username,
    displayName: typeof body.display_name === 'string' && body.display_name ? body.display_name : username,
    url: typeof body.url === 'string' ? body.url : `${rootOf(instanceUrl)}/@${username}`,
  };
};

/** Takes the token back on its instance (`POST /oauth/revoke`); revoking one already revoked succeeds. */
export const revokeMastodonToken = async ({
  instanceUrl,
  clientId,
  clientSecret,
  token,
  timeoutMs,
}: {
  instanceUrl: string;
  clientId: string;
  clientSecret: string;
  token: string;
  timeoutMs: number;
}): Promise<void> => {
  await callProvider({
    label: labelOf(instanceUrl),
    url: `${rootOf(instanceUrl)}/oauth/revoke`,
    method: 'POST',
    form: { client_id: clientId, client_secret: clientSecret, token },
    timeoutMs,
  });
};
