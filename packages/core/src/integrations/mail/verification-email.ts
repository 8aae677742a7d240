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
