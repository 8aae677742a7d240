import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

export const buildVerificationEmail = ({ to, url }: { to: string; url: string }): MailMessage => ({
  to,
  subject: 'Verify your email for Agentcast',
  link: { label: 'Verification link', url },
  text: [
    'Welcome to Agentcast!',
    '',
    'Open this link to verify your email address, then sign in:',
    url,
    '',
    'The link is valid for one hour. If you did not sign up, you can ignore this message.',
  ].join('\n'),
  html: `<p>Welcome to Agentcast!</p>
<p><a href="${escapeHtml(url)}">Verify your email address</a>, then sign in.</p>
<p>Or paste this link into your browser:<br>${escapeHtml(url)}</p>
<p>The link is valid for one hour. If you did not sign up, you can ignore this message.</p>`,
});

/** To the new address of an e-mail change: the account's address becomes this one when the link is opened. */
export const buildEmailChangeEmail = ({ to, url }: { to: string; url: string }): MailMessage => ({
  to,
  subject: 'Confirm your new email for Agentcast',
  link: { label: 'Email change link', url },
  text: [
    'Someone signed in to Agentcast asked to use this address for their account.',
    '',
    'Open this link to confirm it; the account then signs in with this address:',
    url,
    '',
    'The link is valid for one hour. If this was not you, ignore this message: nothing changes.',
  ].join('\n'),
  html: `<p>Someone signed in to Agentcast asked to use this address for their account.</p>
<p><a href="${escapeHtml(url)}">Confirm this address</a>; the account then signs in with it.</p>
<p>Or paste this link into your browser:<br>${escapeHtml(url)}</p>
<p>The link is valid for one hour. If this was not you, ignore this message: nothing changes.</p>`,
});

/**
 * Whether a verification link of better-auth is for an e-mail change: its token (a JWT) then carries `updateTo`.
 * Read without checking the signature, only to word the message; better-auth checks the token when it is opened.
 */
export const isEmailChangeToken = (token: string) => {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      updateTo?: unknown;
    };
    return typeof payload.updateTo === 'string';
  } catch {
    return false;
  }
};
