import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The shape of every account e-mail: a few sentences around the one link the message exists for, as plain text and
 * as HTML (the link escaped there), and labelled for the log when no mail server is set.
 */
export const oneLinkEmail = ({
  to,
  subject,
  link,
  before,
  action,
  after,
}: {
  to: string;
  subject: string;
  link: { label: string; url: string };
  /** Sentences ahead of the link. */
  before: string[];
  /** What opening the link does: "Open this link to …" in the text, the link's words in the HTML. */
  action: { text: string; html: string };
  /** Sentences after the link (how long it works, what to do if this was not you). */
  after: string[];
}): MailMessage => ({
  to,
  subject,
  link,
  text: [...before, ...(before.length ? [''] : []), action.text, link.url, '', ...after].join('\n'),
  html: [
    ...before.map((sentence) => `<p>${escapeHtml(sentence)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(action.html)}</a></p>`,
    `<p>Or paste this link into your browser:<br>${escapeHtml(link.url)}</p>`,
    ...after.map((sentence) => `<p>${escapeHtml(sentence)}</p>`),
  ].join('\n'),
});
