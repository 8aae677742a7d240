import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-http.ts';

/** One person's answer to waiting for: who asked (the app), where to send them back, and what was asked. */
export type MastodonFakeAuthorization = {
  clientId: string;
  redirectUri: string;
  scope: string;
  state?: string;
};

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** A link inside a status, as Mastodon renders it: the scheme hidden, the rest in spans, the whole URL as its text. */
const linkHtml = (url: string) => {
  const [, scheme = '', rest = ''] = /^(https?:\/\/)(.*)$/.exec(url) ?? [];
  return `<a href="${escapeHtml(url)}" target="_blank" rel="nofollow noopener"><span class="invisible">${escapeHtml(scheme)}</span><span class="">${escapeHtml(rest)}</span></a>`;
};

/** A mention of `@user@domain`, as Mastodon renders it: a link that shows `@user` only. */
const mentionHtml = (user: string, domain: string) =>
  `<span class="h-card" translate="no"><a href="https://${escapeHtml(domain)}/@${escapeHtml(user)}" class="u-url mention">@<span>${escapeHtml(user)}</span></a></span>`;

/**
 * A status's text as the HTML `content` Mastodon answers: paragraphs for blank lines, `<br />` for line breaks,
 * links and remote mentions as markup, everything else escaped. Clients must undo all of it to compare texts.
 */
export const mastodonContentHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split(/(https?:\/\/\S+|@\w+@[\w.-]+\w)/)
          .map((piece, index) => {
            if (index % 2 === 0) return escapeHtml(piece);
            const mention = /^@(\w+)@(.+)$/.exec(piece);
            return mention ? mentionHtml(mention[1] ?? '', mention[2] ?? '') : linkHtml(piece);
          })
          .join('')
          .replace(/\n/g, '<br />')}</p>`,
    )
    .join('');

export type MastodonAuthorizePages = {
  baseUrl: string;
  close: () => Promise<void>;
};

/**
 * The instance's authorization page, which answers HTML rather than the JSON the platform fake kit serves: a GET
 * form with "Authorize" and "Deny" that sends the person back to the app's redirect URI with `code` and `state`, or
 * with `error=access_denied`. `check` refuses a request the instance would (an unknown client, a redirect URI it
 * was not registered with) and `issueCode` makes the code the token endpoint will take.
 */
export const startMastodonAuthorizePages = async ({
  instanceName,
  signedIn,
  check,
  issueCode,
}: {
  instanceName: string;
  /** Who is signed in on the instance: the person who authorizes. */
  signedIn: () => string;
  check: (authorization: MastodonFakeAuthorization) => string | null;
  issueCode: (authorization: MastodonFakeAuthorization) => string;
}): Promise<MastodonAuthorizePages> => {
  const pending = new Map<string, MastodonFakeAuthorization>();
  const page = (response: ServerResponse, status: number, body: string) =>
    void response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(instanceName)} — authorize</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">${body}</body></html>`);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      const authorization = {
        clientId: query.client_id ?? '',
        redirectUri: query.redirect_uri ?? '',
        scope: query.scope ?? 'read',
        ...(query.state !== undefined && { state: query.state }),
      };
      const refusal = query.response_type === 'code' ? check(authorization) : 'The response type is not supported.';
      if (refusal) return page(response, 400, `<h1>An error has occurred</h1><p>${escapeHtml(refusal)}</p>`);
      const id = randomBytes(8).toString('hex');
      pending.set(id, authorization);
      const scopes = authorization.scope
        .split(/[\s+]+/)
        .map((scope) => `<li>${escapeHtml(scope)}</li>`)
        .join('');
      return page(
        response,
        200,
        `<h1>${escapeHtml(instanceName)} (test Mastodon)</h1>
<p>Signed in as <strong>@${escapeHtml(signedIn())}</strong>.</p>
<p>Agentcast would like to:</p><ul>${scopes}</ul>
<form method="get" action="/oauth/authorize/decision">
<input type="hidden" name="request" value="${id}">
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
      );
    }
    if (request.method === 'GET' && url.pathname === '/oauth/authorize/decision') {
      const authorization = pending.get(query.request ?? '');
      if (!authorization) return page(response, 400, '<h1>This authorization request is no longer open.</h1>');
      pending.delete(query.request ?? '');
      const target = new URL(authorization.redirectUri);
      if (query.decision === 'authorize') target.searchParams.set('code', issueCode(authorization));
      else {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
      }
      if (authorization.state !== undefined) target.searchParams.set('state', authorization.state);
      return void response.writeHead(302, { location: target.toString() }).end();
    }
    return page(response, 404, '<h1>The page you are looking for isn’t here.</h1>');
  });
  return listenOnLoopback(server);
};
