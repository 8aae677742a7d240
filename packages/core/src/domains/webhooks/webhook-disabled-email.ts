import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

/** The one e-mail about an endpoint that was disabled: which, why, and where to enable it again. */
export const buildWebhookDisabledEmail = ({
  to,
  url,
  reason,
  lastError,
  settingsUrl,
}: {
  to: string;
  url: string;
  reason: string;
  lastError: string | null;
  settingsUrl: string;
}): MailMessage => {
  const headline = `Your webhook endpoint ${url} was disabled`;
  return {
    to,
    subject: 'A webhook endpoint was disabled',
    link: { label: 'Open the webhook settings', url: settingsUrl },
    text: [
      `${headline}.`,
      '',
      reason,
      ...(lastError ? [`The last attempt: ${lastError}`] : []),
      '',
      `Open the webhook settings: ${settingsUrl}`,
    ].join('\n'),
    html: `<p>${escapeHtml(headline)}.</p>
<p>${escapeHtml(reason)}${lastError ? `<br>The last attempt: ${escapeHtml(lastError)}` : ''}</p>
<p><a href="${escapeHtml(settingsUrl)}">Open the webhook settings</a></p>`,
  };
};
