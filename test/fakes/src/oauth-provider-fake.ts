import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FAKE_OAUTH_LAYOUTS,
  type FakeAccount,
  type FakeOAuthPlatform,
  type FakeOAuthLayout,
} from './oauth-provider-layouts.ts';

export type { FakeAccount, FakeOAuthPlatform } from './oauth-provider-layouts.ts';

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form body (token, revoke endpoints). */
  form: Record<string, string>;
  authorization?: string;
};

export type TokenFailure = { status: number; error: string; description?: string };

export type OAuthProviderFake = {
  platform: FakeOAuthPlatform;
  /** Every base URL of this provider (OAuth, token, API) points here. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every request except the authorization page's own, in order. */
  requests: RecordedRequest[];
  /** The account the person "signs in" with; change it to connect another one. */
  account: FakeAccount;
  /** Lifetime of the access tokens issued from now on. */
  accessTokenLifetimeSeconds: number;
  /** The next token request (either grant) fails this way, whatever it carries. */
  failNextTokenRequest: (failure: TokenFailure) => void;
  /** Every grant issued so far stops working, refresh tokens included (the person removed the app). */
  revokeAll: () => void;
  /** Every access and refresh token issued so far (to prove none reaches the browser). */
  issuedTokens: () => string[];
  /** The tokens revoked through the revocation endpoint. */
  revokedTokens: () => string[];
  /** The account a usable access token was issued for (null for any other token): lets a platform API fake trust it. */
  accountOf: (accessToken: string) => FakeAccount | null;
  close: () => Promise<void>;
};

type Authorization = { clientId: string; redirectUri: string; state: string; scope: string; codeChallenge?: string };
type Code = Authorization & { used: boolean; expiresAt: number };
type Token = { kind: 'access' | 'refresh' | 'short'; grant: number; expiresAt: number | null; rotated?: boolean };

const parseForm = (raw: string) => Object.fromEntries(new URLSearchParams(raw));
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * A loopback OAuth 2.0 provider in the shape of LinkedIn, X, Google (YouTube) or Instagram: an authorization page
 * with Allow and Deny buttons, the token endpoint (authorization_code and refresh grants, checking the client
 * credentials, the code, the redirect URI and the PKCE verifier exactly), the account endpoint and revocation.
 * It records what it was asked so tests can assert exact payloads. Tests in other processes (Playwright) reach
 * the same controls over HTTP under /__fake/.
 */
export const startOAuthProviderFake = async (
  platform: FakeOAuthPlatform,
  options: { clientId?: string; clientSecret?: string; account?: Partial<FakeAccount> } = {},
): Promise<OAuthProviderFake> => {
  const layout: FakeOAuthLayout = FAKE_OAUTH_LAYOUTS[platform];
  const clientId = options.clientId ?? `${platform}-client-id`;
  const clientSecret = options.clientSecret ?? `${platform}-client-secret-${randomBytes(4).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const pendingAuthorizations = new Map<string, Authorization>();
  const codes = new Map<string, Code>();
  const tokens = new Map<string, Token>();
  const revokedGrants = new Set<number>();
  /** Whose each grant is: the account signed in when its code was exchanged. */
  const grantAccounts = new Map<number, FakeAccount>();
  const revoked: string[] = [];
  const failures: TokenFailure[] = [];
  let nextGrant = 1;
  const fake = {
    account: { ...layout.defaultAccount, ...options.account } as FakeAccount,
    accessTokenLifetimeSeconds: layout.accessTokenLifetimeSeconds,
  };

  const issue = (kind: Token['kind'], grant: number, lifetimeSeconds: number | null) => {
    const value = `${platform}-${kind}-${randomBytes(12).toString('hex')}`;
    tokens.set(value, {
      kind,
      grant,
      expiresAt: lifetimeSeconds === null ? null : Date.now() + lifetimeSeconds * 1000,
    });
    return value;
  };
  const isUsable = (value: string | undefined, kind: Token['kind']) => {
    const token = value ? tokens.get(value) : undefined;
    return Boolean(
      token &&
      token.kind === kind &&
      !token.rotated &&
      !revokedGrants.has(token.grant) &&
      (token.expiresAt === null || token.expiresAt > Date.now()),
    );
  };
  const clientAuthenticated = (request: IncomingMessage, form: Record<string, string>) => {
    if (layout.clientAuth === 'basic') {
      const expected = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
      return request.headers.authorization === expected;
    }
    return form[layout.clientIdParam ?? 'client_id'] === clientId && form.client_secret === clientSecret;
  };

  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
    json(response, status, { error, error_description: description });

  const authorizationPage = (response: ServerResponse, query: Record<string, string>) => {
    const problems = [
      query[layout.clientIdParam ?? 'client_id'] !== clientId && `unknown ${layout.clientIdParam ?? 'client_id'}`,
      query.response_type !== 'code' && 'response_type must be code',
      !query.redirect_uri && 'redirect_uri is missing',
      !query.state && 'state is missing',
      !query.scope && 'scope is missing',
      layout.pkce && (!query.code_challenge || query.code_challenge_method !== 'S256') && 'PKCE (S256) is required',
    ].filter(Boolean);
    if (problems.length > 0) {
      response
        .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><title>Error</title><h1>Invalid request</h1><p>${escapeHtml(problems.join('; '))}</p>`);
      return;
    }
    const id = randomBytes(8).toString('hex');
    pendingAuthorizations.set(id, {
      clientId,
      redirectUri: query.redirect_uri as string,
      state: query.state as string,
      scope: query.scope as string,
      codeChallenge: query.code_challenge,
    });
    const scopes = (query.scope as string)
      .split(/[\s,]+/)
      .map((scope) => `<li>${escapeHtml(scope)}</li>`)
      .join('');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${layout.label} — authorize</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">
<h1>${layout.label} (test provider)</h1>
<p>Signed in as <strong>${escapeHtml(fake.account.name)}</strong>.</p>
<p>Agentcast would like to:</p><ul>${scopes}</ul>
<form method="post" action="/__decision">
<input type="hidden" name="request" value="${id}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form></body></html>`);
  };

  const decide = (response: ServerResponse, form: Record<string, string>) => {
    const authorization = pendingAuthorizations.get(form.request ?? '');
    if (!authorization) return void response.writeHead(400).end('Unknown authorization request');
    pendingAuthorizations.delete(form.request ?? '');
    const target = new URL(authorization.redirectUri);
    if (form.decision === 'allow') {
      const code = `${platform}-code-${randomBytes(12).toString('hex')}`;
      codes.set(code, { ...authorization, used: false, expiresAt: Date.now() + 10 * 60 * 1000 });
      target.searchParams.set('code', code);
    } else {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', layout.denyDescription);
    }
    target.searchParams.set('state', authorization.state);
    response.writeHead(302, { location: target.toString() }).end();
  };

  const grantTokens = (grant: number) => ({
    accessToken: issue('access', grant, fake.accessTokenLifetimeSeconds),
    refreshToken: layout.refreshTokens ? issue('refresh', grant, null) : undefined,
  });

  const tokenEndpoint = (request: IncomingMessage, response: ServerResponse, form: Record<string, string>) => {
    const failure = failures.shift();
    if (failure) return oauthError(response, failure.status, failure.error, failure.description ?? failure.error);
    if (!clientAuthenticated(request, form))
      return oauthError(response, 401, 'invalid_client', 'Client authentication failed');
    if (form.grant_type === 'authorization_code') {
      const code = codes.get(form.code ?? '');
      if (!code || code.used || code.expiresAt < Date.now())
        return oauthError(response, 400, 'invalid_grant', 'The authorization code is invalid, expired or already used');
      code.used = true;
      if (form.redirect_uri !== code.redirectUri)
        return oauthError(response, 400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      if (layout.pkce) {
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (challenge !== code.codeChallenge)
          return oauthError(response, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      } else if (form.code_verifier !== undefined) {
        return oauthError(response, 400, 'invalid_request', 'code_verifier is not supported');
      }
      const grant = nextGrant++;
      grantAccounts.set(grant, { ...fake.account });
      if (layout.shortLivedFirst)
        return json(response, 200, layout.codeAnswer({ accessToken: issue('short', grant, 3600) }, fake));
      const issued = grantTokens(grant);
      return json(response, 200, layout.codeAnswer({ ...issued, expiresIn: fake.accessTokenLifetimeSeconds }, fake));
    }
    if (form.grant_type === 'refresh_token') {
      if (!isUsable(form.refresh_token, 'refresh'))
        return oauthError(response, 400, 'invalid_grant', 'The refresh token is invalid or was revoked');
      const old = tokens.get(form.refresh_token as string) as Token;
      const accessToken = issue('access', old.grant, fake.accessTokenLifetimeSeconds);
      // X rotates refresh tokens (the old one is spent); Google and LinkedIn keep them.
      let refreshToken: string | undefined;
      if (layout.rotatesRefreshTokens) {
        old.rotated = true;
        refreshToken = issue('refresh', old.grant, null);
      }
      return json(
        response,
        200,
        layout.refreshAnswer({ accessToken, refreshToken, expiresIn: fake.accessTokenLifetimeSeconds }),
      );
    }
    return oauthError(
      response,
      400,
      'unsupported_grant_type',
      `grant_type ${form.grant_type ?? '(none)'} is not supported`,
    );
  };

  /** Meta's (Instagram, Threads): long-lived tokens and their renewal are GETs on the Graph host. */
  const longLivedTokenGet = (
    response: ServerResponse,
    path: string,
    query: Record<string, string>,
    grants: { exchange: string; refresh: string },
  ) => {
    if (path === '/access_token') {
      if (
        query.grant_type !== grants.exchange ||
        query.client_secret !== clientSecret ||
        !isUsable(query.access_token, 'short')
      ) {
        return json(response, 400, {
          error: { message: 'Invalid exchange request', type: 'OAuthException', code: 190 },
        });
      }
      const grant = (tokens.get(query.access_token as string) as Token).grant;
      return json(response, 200, {
        access_token: issue('access', grant, fake.accessTokenLifetimeSeconds),
        token_type: 'bearer',
        expires_in: fake.accessTokenLifetimeSeconds,
      });
    }
    const failure = failures.shift();
    if (failure)
      return json(response, failure.status, {
        error: { message: failure.description ?? failure.error, type: 'OAuthException', code: 190 },
      });
    if (query.grant_type !== grants.refresh || !isUsable(query.access_token, 'access')) {
      return json(response, 400, {
        error: {
          message: 'Error validating access token: the session has been invalidated',
          type: 'OAuthException',
          code: 190,
        },
      });
    }
    const grant = (tokens.get(query.access_token as string) as Token).grant;
    return json(response, 200, {
      access_token: issue('access', grant, fake.accessTokenLifetimeSeconds),
      token_type: 'bearer',
      expires_in: fake.accessTokenLifetimeSeconds,
    });
  };

  /** Facebook: the code's exchange and the long-lived token are GETs on the token path, parameters in the query. */
  const facebookTokenGet = (request: IncomingMessage, response: ServerResponse, query: Record<string, string>) => {
    if (query.grant_type !== 'fb_exchange_token') {
      return tokenEndpoint(request, response, { ...query, grant_type: 'authorization_code' });
    }
    if (
      query.client_id !== clientId ||
      query.client_secret !== clientSecret ||
      !isUsable(query.fb_exchange_token, 'short')
    )
      return json(response, 400, { error: { message: 'Invalid exchange request', type: 'OAuthException', code: 190 } });
    const grant = (tokens.get(query.fb_exchange_token as string) as Token).grant;
    return json(response, 200, {
      access_token: issue('access', grant, fake.accessTokenLifetimeSeconds),
      token_type: 'bearer',
      expires_in: fake.accessTokenLifetimeSeconds,
    });
  };

  const accountEndpoint = (request: IncomingMessage, response: ServerResponse, query: Record<string, string>) => {
    const token = layout.accountTokenInQuery
      ? query.access_token
      : request.headers.authorization?.replace(/^Bearer /, '');
    if (!isUsable(token, 'access')) return json(response, 401, layout.unauthorizedAnswer);
    return json(response, 200, layout.accountAnswer(fake.account));
  };

  const revokeEndpoint = (request: IncomingMessage, response: ServerResponse, form: Record<string, string>) => {
    if (!clientAuthenticated(request, form))
      return oauthError(response, 401, 'invalid_client', 'Client authentication failed');
    const token = tokens.get(form.token ?? '');
    if (token) {
      revokedGrants.add(token.grant);
      revoked.push(form.token as string);
    }
    return json(response, 200, layout.revokeAnswer);
  };

  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const query = Object.fromEntries(url.searchParams);
      const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? parseForm(raw)
        : {};
      const path = url.pathname;
      if (path === layout.paths.authorize && request.method === 'GET') return authorizationPage(response, query);
      if (path === '/__decision' && request.method === 'POST') return decide(response, form);
      if (path.startsWith('/__fake/')) return control(response, path, raw);
      requests.push({
        method: request.method ?? 'GET',
        path,
        query,
        form,
        authorization: request.headers.authorization,
      });
      if (path === layout.paths.token && request.method === 'POST') return tokenEndpoint(request, response, form);
      if (layout.tokenByGet && path === layout.paths.token && request.method === 'GET')
        return facebookTokenGet(request, response, query);
      if (path === layout.paths.account && request.method === 'GET') return accountEndpoint(request, response, query);
      if (layout.paths.revoke && path === layout.paths.revoke && request.method === 'POST')
        return revokeEndpoint(request, response, form);
      if (
        layout.longLivedGrants &&
        request.method === 'GET' &&
        (path === '/access_token' || path === '/refresh_access_token')
      ) {
        return longLivedTokenGet(response, path, query, layout.longLivedGrants);
      }
      return json(response, 404, { error: 'not_found', error_description: `No ${request.method} ${path} here` });
    });
  });

  const handle: OAuthProviderFake = {
    platform,
    baseUrl: '',
    clientId,
    clientSecret,
    requests,
    get account() {
      return fake.account;
    },
    set account(account: FakeAccount) {
      fake.account = account;
    },
    get accessTokenLifetimeSeconds() {
      return fake.accessTokenLifetimeSeconds;
    },
    set accessTokenLifetimeSeconds(seconds: number) {
      fake.accessTokenLifetimeSeconds = seconds;
    },
    failNextTokenRequest: (failure) => void failures.push(failure),
    revokeAll: () => {
      for (const token of tokens.values()) revokedGrants.add(token.grant);
    },
    issuedTokens: () => [...tokens.keys()],
    revokedTokens: () => [...revoked],
    accountOf: (accessToken) =>
      isUsable(accessToken, 'access') ? (grantAccounts.get((tokens.get(accessToken) as Token).grant) ?? null) : null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  /** The same controls over HTTP, for tests running in another process. */
  const control = (response: ServerResponse, path: string, raw: string) => {
    if (path === '/__fake/tokens') return json(response, 200, handle.issuedTokens());
    if (path === '/__fake/requests') return json(response, 200, requests);
    if (path === '/__fake/revoke-all') return json(response, 200, (handle.revokeAll(), { ok: true }));
    if (path === '/__fake/fail-next-token')
      return json(response, 200, (handle.failNextTokenRequest(JSON.parse(raw) as TokenFailure), { ok: true }));
    return json(response, 404, { error: 'not_found' });
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  handle.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return handle;
};
