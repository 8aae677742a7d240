import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { escapeHtml, listenOnLoopback, readForm } from './loopback-http.ts';

/** A signer as the approval page sees it. */
export type ApprovalPageSigner = { status: string; appFid?: number };

export type NeynarApprovalPage = { baseUrl: string; close: () => Promise<void> };

/** Where the page lives: the fake's `signer_approval_url` is `{baseUrl}${APPROVAL_PATH}{signer_uuid}`. */
export const APPROVAL_PATH = '/__fake/approve/';

/**
 * What the person sees when they open the approval link in their Farcaster app, as an HTML page (which the platform
 * fake kit, serving JSON, cannot answer): who asks, the account to approve as (prefilled, editable) and an "Approve"
 * button that approves the signer as that account. A browser test in another process opens the link the page under
 * test shows, exactly as a phone would.
 */
export const startNeynarApprovalPage = async ({
  find,
  approve,
  suggestAccount,
}: {
  find: (uuid: string) => ApprovalPageSigner | undefined;
  approve: (uuid: string, account: { fid: number; username: string }) => void;
  /** The account the form offers when the person changes nothing. */
  suggestAccount: () => { fid: number; username: string };
}): Promise<NeynarApprovalPage> => {
  const page = (response: ServerResponse, status: number, body: string) =>
    void response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Farcaster — approve an app</title></head>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto">${body}</body></html>`);

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const uuid = url.pathname.startsWith(APPROVAL_PATH)
      ? decodeURIComponent(url.pathname.slice(APPROVAL_PATH.length))
      : '';
    const signer = uuid ? find(uuid) : undefined;
    if (!signer) return page(response, 404, '<h1>This request does not exist.</h1>');
    if (signer.status !== 'pending_approval')
      return page(
        response,
        409,
        `<h1>This request is no longer waiting</h1><p>Its key is ${escapeHtml(signer.status)}.</p>`,
      );
    if (request.method === 'POST') {
      const form = await readForm(request);
      const fid = Number(form.get('fid'));
      const username = form.get('username')?.trim() ?? '';
      if (!Number.isSafeInteger(fid) || fid <= 0 || !username)
        return page(response, 400, '<h1>Give a fid and a username.</h1>');
      approve(uuid, { fid, username });
      return page(response, 200, `<h1>Approved</h1><p>@${escapeHtml(username)} connected. Go back to the app.</p>`);
    }
    const account = suggestAccount();
    return page(
      response,
      200,
      `<h1>Connect to app ${signer.appFid ?? ''}</h1>
<p>The app is asking to cast on your behalf.</p>
<form method="post" action="${APPROVAL_PATH}${encodeURIComponent(uuid)}">
<label>fid <input name="fid" inputmode="numeric" value="${account.fid}"></label>
<label>Username <input name="username" value="${escapeHtml(account.username)}"></label>
<button type="submit">Approve</button>
</form>`,
    );
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => page(response, 500, `<h1>${escapeHtml(String(error))}</h1>`));
  });
  return listenOnLoopback(server);
};
