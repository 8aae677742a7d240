import { randomBytes } from 'node:crypto';
import type { MastodonFakeAuthorization } from './mastodon-fake-pages.ts';
import {
  error,
  fieldsOf,
  invalidToken,
  oauthError,
  type MastodonFakeAccount,
  type MastodonFakeApp,
} from './mastodon-fake-common.ts';
import type { Route } from './platform-fake-kit.ts';

/** `/api/v1/apps`, `/oauth/token`, `/oauth/revoke` and `verify_credentials`, checking what Mastodon checks. */
export const createMastodonOAuthRoutes = ({
  apps,
  codes,
  tokens,
  revokedTokens,
  accounts,
  accountJson,
}: {
  apps: MastodonFakeApp[];
  codes: Map<string, MastodonFakeAuthorization & { accountId: string }>;
  tokens: Map<string, { accountId: string; clientId?: string }>;
  revokedTokens: string[];
  accounts: Map<string, MastodonFakeAccount>;
  accountJson: (account: MastodonFakeAccount) => unknown;
}): Route[] => {
  const clientOf = (fields: Record<string, unknown>) =>
    apps.find((app) => app.clientId === fields.client_id && app.clientSecret === fields.client_secret);
  const invalidClient = () =>
    oauthError(
      401,
      'invalid_client',
      'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    );
  return [
    {
      method: 'POST',
      pattern: '/api/v1/apps',
      handle: ({ request }) => {
        const fields = fieldsOf(request);
        const uris = Array.isArray(fields.redirect_uris)
          ? fields.redirect_uris.map(String)
          : String(fields.redirect_uris ?? '')
              .split(/\s+/)
              .filter(Boolean);
        if (typeof fields.client_name !== 'string' || !fields.client_name)
          return error(422, "Validation failed: Application name can't be blank");
        if (uris.length === 0 || uris.some((uri) => !URL.canParse(uri)))
          return error(422, 'Validation failed: Redirect URI must be an absolute URI.');
        const app: MastodonFakeApp = {
          clientId: randomBytes(24).toString('base64url'),
          clientSecret: randomBytes(24).toString('base64url'),
          name: fields.client_name,
          redirectUris: uris,
          scopes: String(fields.scopes ?? 'read')
            .split(/\s+/)
            .filter(Boolean),
          ...(typeof fields.website === 'string' && { website: fields.website }),
        };
        apps.push(app);
        const { clientId, clientSecret, name, redirectUris, scopes, website } = app;
        return {
          status: 200,
          json: {
            id: String(apps.length),
            name,
            website: website ?? null,
            scopes,
            redirect_uri: redirectUris.join('\n'),
            redirect_uris: redirectUris,
            client_id: clientId,
            client_secret: clientSecret,
            client_secret_expires_at: 0,
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/token',
      handle: ({ request }) => {
        const fields = fieldsOf(request);
        const app = clientOf(fields);
        if (!app) return invalidClient();
        if (fields.grant_type !== 'authorization_code')
          return oauthError(400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
        const code = codes.get(String(fields.code ?? ''));
        if (!code || code.clientId !== app.clientId || code.redirectUri !== fields.redirect_uri)
          return oauthError(
            400,
            'invalid_grant',
            'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
          );
        codes.delete(String(fields.code));
        const token = randomBytes(32).toString('base64url');
        tokens.set(token, { accountId: code.accountId, clientId: app.clientId });
        const created = Math.floor(Date.now() / 1000);
        return {
          status: 200,
          json: { access_token: token, token_type: 'Bearer', scope: code.scope, created_at: created },
        };
      },
    },
    {
      method: 'POST',
      pattern: '/oauth/revoke',
      handle: ({ request }) => {
        const fields = fieldsOf(request);
        const app = clientOf(fields);
        const token = String(fields.token ?? '');
        const held = tokens.get(token);
        if (!app || (held && held.clientId !== app.clientId))
          return oauthError(403, 'unauthorized_client', 'You are not authorized to revoke this token');
        if (held) {
          tokens.delete(token);
          revokedTokens.push(token);
        }
        return { status: 200, json: {} };
      },
    },
    {
      method: 'GET',
      pattern: '/api/v1/accounts/verify_credentials',
      handle: ({ request }) => {
        const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1];
        const account = accounts.get(tokens.get(bearer ?? '')?.accountId ?? '');
        return account ? { status: 200, json: accountJson(account) } : invalidToken();
      },
    },
  ];
};
