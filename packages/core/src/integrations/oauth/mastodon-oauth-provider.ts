import { MASTODON_SCOPES, oauthCallbackPath } from '@agentcast/contracts/connections';
import {
  exchangeMastodonCode,
  mastodonAuthorizationUrl,
  readMastodonAccount,
  registerMastodonApp,
  revokeMastodonToken,
} from './mastodon-oauth-client.ts';
import { OAuthProviderError, type OAuthProvider } from './oauth-provider.ts';

export type MastodonAppCredentials = { clientId: string; clientSecret: string };

/** Where the apps this server registered on instances are kept (the database; see mastodon-app-store.ts). */
export type MastodonAppStore = {
  find: (instanceUrl: string, redirectUri: string) => Promise<MastodonAppCredentials | null>;
  /** Keeps a new registration and answers the one kept: when two people raced, the first one saved. */
  save: (instanceUrl: string, redirectUri: string, app: MastodonAppCredentials) => Promise<MastodonAppCredentials>;
};

export type MastodonOAuthSettings = {
  apps: MastodonAppStore;
  /** PUBLIC_URL: the callback the app is registered with, and the website an instance shows beside its name. */
  publicUrl: string;
  timeoutMs: number;
};

/** The name people see on their instance's authorization page and beside posts made through the app. */
const CLIENT_NAME = 'Agentcast';

/**
 * Mastodon's OAuth, on whichever instance the person names: the first connection from an instance registers this
 * server there as an app (`POST /api/v1/apps`), kept for everyone after; then the authorization code flow with the
 * app's client secret (no PKCE: instances before 4.3 do not offer it). Tokens do not expire, so there is nothing to
 * refresh; disconnecting revokes the token on its instance.
 */
export const createMastodonOAuthProvider = ({ apps, publicUrl, timeoutMs }: MastodonOAuthSettings): OAuthProvider => {
  const redirectUri = `${publicUrl}${oauthCallbackPath('mastodon')}`;
  const instanceOf = (serviceUrl: string | null | undefined) => {
    if (!serviceUrl) throw new OAuthProviderError('rejected', 'No Mastodon instance was named for this connection.');
    return serviceUrl;
  };
  const registeredApp = async (instanceUrl: string) => {
    const known = await apps.find(instanceUrl, redirectUri);
    if (known) return known;
    const made = await registerMastodonApp({
      instanceUrl,
      redirectUri,
      scopes: MASTODON_SCOPES,
      clientName: CLIENT_NAME,
      website: publicUrl,
      timeoutMs,
    });
    return apps.save(instanceUrl, redirectUri, made);
  };
  /** The app an exchange or a revocation needs: registered when the connection started, so it must be there. */
  const knownApp = async (instanceUrl: string) => {
    const known = await apps.find(instanceUrl, redirectUri);
    if (!known)
      throw new OAuthProviderError('rejected', `This server is not registered on ${new URL(instanceUrl).host}.`);
    return known;
  };

  return {
    platform: 'mastodon',
    usesPkce: false,
    needsServiceUrl: true,
    authorizationUrl: async ({ state, serviceUrl }) => {
      const instanceUrl = instanceOf(serviceUrl);
      const app = await registeredApp(instanceUrl);
      return mastodonAuthorizationUrl({
        instanceUrl,
        clientId: app.clientId,
        redirectUri,
        scopes: MASTODON_SCOPES,
        state,
      });
    },
    exchangeCode: async ({ code, serviceUrl }) => {
      const instanceUrl = instanceOf(serviceUrl);
      const app = await knownApp(instanceUrl);
      const accessToken = await exchangeMastodonCode({
        instanceUrl,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        code,
        redirectUri,
        scopes: MASTODON_SCOPES,
        timeoutMs,
      });
      return { accessToken, refreshToken: null, expiresAt: null, scopes: MASTODON_SCOPES };
    },
    canRefresh: () => false,
    refresh: () =>
      Promise.reject(new OAuthProviderError('rejected', 'Mastodon tokens are not renewed: connect again.')),
    readAccount: async (accessToken, context) => {
      const instanceUrl = instanceOf(context?.serviceUrl);
      const account = await readMastodonAccount({ instanceUrl, accessToken, timeoutMs });
      const address = `${account.username}@${new URL(instanceUrl).host}`;
      return { accountId: account.id, displayName: `@${address}`, handle: address };
    },
    revoke: async (tokens, context) => {
      const instanceUrl = instanceOf(context?.serviceUrl);
      const app = await knownApp(instanceUrl);
      await revokeMastodonToken({
        instanceUrl,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        token: tokens.accessToken,
        timeoutMs,
      });
    },
  };
};
