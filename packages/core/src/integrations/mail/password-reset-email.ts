import type { MailMessage } from './mailer.ts';
import { oneLinkEmail } from './one-link-email.ts';

/** "Forgot password?": the link opens the login screen's form for a new password. */
export const buildPasswordResetEmail = ({ to, url }: { to: string; url: string }): MailMessage =>
  oneLinkEmail({
    to,
    subject: 'Choose a new password for Agentcast',
    link: { label: 'Password reset link', url },
    before: ['Someone asked to choose a new password for the Agentcast account of this address.'],
    action: { text: 'Open this link to choose one:', html: 'Choose a new password' },
    after: [
      'The link works once, within an hour. Every session of the account is signed out when the password changes.',
      'If this was not you, ignore this message: your password stays as it is.',
    ],
  });

/**
 * To the address an e-mail change replaced, once the change is done. Its link puts this address back, signs every
 * session out and sends a password reset link here: the way back for an owner whose account was taken.
 */
export const buildEmailChangedEmail = ({
  to,
  newEmail,
  url,
  validDays,
}: {
  to: string;
  newEmail: string;
  url: string;
  validDays: number;
}): MailMessage =>
  oneLinkEmail({
    to,
    subject: 'Your Agentcast e-mail was changed',
    link: { label: 'E-mail restore link', url },
    before: [`Your Agentcast e-mail was changed to ${newEmail}; the account now signs in with that address.`],
    action: {
      text: `If this was not you, open this link within ${validDays} days: it puts ${to} back on the account, signs out every session and sends you a link to choose a new password.`,
      html: `This was not me: put ${to} back`,
    },
    after: ['If it was you, there is nothing to do.'],
  });
