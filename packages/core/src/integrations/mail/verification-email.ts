import type { MailMessage } from './mailer.ts';
import { oneLinkEmail } from './one-link-email.ts';

export const buildVerificationEmail = ({ to, url }: { to: string; url: string }): MailMessage =>
  oneLinkEmail({
    to,
    subject: 'Verify your email for Agentcast',
    link: { label: 'Verification link', url },
    before: ['Welcome to Agentcast!'],
    action: { text: 'Open this link to verify your email address, then sign in:', html: 'Verify your email address' },
    after: ['The link is valid for one hour. If you did not sign up, you can ignore this message.'],
  });

/** To the new address of an e-mail change: the account's address becomes this one when the link is opened. */
export const buildEmailChangeEmail = ({ to, url }: { to: string; url: string }): MailMessage =>
  oneLinkEmail({
    to,
    subject: 'Confirm your new email for Agentcast',
    link: { label: 'Email change link', url },
    before: ['Someone signed in to Agentcast asked to use this address for their account.'],
    action: {
      text: 'Open this link to confirm it; the account then signs in with this address:',
      html: 'Confirm this address',
    },
    after: ['The link is valid for one hour. If this was not you, ignore this message: nothing changes.'],
  });

/** What better-auth's link for an e-mail change carries: the account, its address then, the new one, when it was made. */
export type EmailChangeToken = { userId: string; from: string; to: string; issuedAtSeconds: number };

/**
 * The claims of a better-auth verification link when it is for an e-mail change (its JWT then carries `updateTo`),
 * else null. Read without checking the signature: only to word the message and to decide what to check before and
 * after better-auth, which checks the token itself when it is opened.
 */
export const readEmailChangeToken = (token: string): EmailChangeToken | null => {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const { userId, email, updateTo, iat } = claims;
    if (typeof updateTo !== 'string' || typeof email !== 'string' || typeof userId !== 'string') return null;
    return { userId, from: email, to: updateTo, issuedAtSeconds: typeof iat === 'number' ? iat : 0 };
  } catch {
    return null;
  }
};

export const isEmailChangeToken = (token: string) => readEmailChangeToken(token) !== null;
