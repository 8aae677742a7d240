import { platformName } from '@agentcast/contracts/publishing';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const settingsLine = (settingsUrl: string) =>
  `To stop these e-mails, turn them off in your account settings: ${settingsUrl}`;

export type WaitingDraft = { agentName: string; text: string; publishAt: Date };

/** The hourly reminder: which drafts wait, and where to review them. */
export const buildDraftsWaitingEmail = ({
  to,
  drafts,
  reviewUrl,
  settingsUrl,
}: {
  to: string;
  drafts: WaitingDraft[];
  reviewUrl: string;
  settingsUrl: string;
}): MailMessage => {
  const subject =
    drafts.length === 1 ? '1 draft is waiting for your review' : `${drafts.length} drafts are waiting for your review`;
  const lines = drafts.map(
    (draft) => `${draft.agentName}, planned for ${when(draft.publishAt)}: "${excerpt(draft.text)}"`,
  );
  return {
    to,
    subject,
    link: { label: 'Review them', url: reviewUrl },
    text: [
      'Your agents wrote posts that go out only after you approve them:',
      '',
      ...lines.map((line) => `- ${line}`),
      '',
      `Review them: ${reviewUrl}`,
      '',
      settingsLine(settingsUrl),
    ].join('\n'),
    html: `<p>Your agents wrote posts that go out only after you approve them:</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(reviewUrl)}">Review them</a></p>
<p>To stop these e-mails, turn them off in your <a href="${escapeHtml(settingsUrl)}">account settings</a>.</p>`,
  };
};

/** A post that did not go out, why, and where to see it. */
export const buildPublishFailedEmail = ({
  to,
  agentName,
  platform,
  text,
  error,
  terminalUrl,
  settingsUrl,
}: {
  to: string;
  agentName: string;
  platform: string;
  text: string;
  error: string;
  terminalUrl: string;
  settingsUrl: string;
}): MailMessage => {
  const headline = `A post by ${agentName} was not published to ${platformName(platform)}`;
  return {
    to,
    subject: headline,
    link: { label: 'See it in the Terminal', url: terminalUrl },
    text: [
      `${headline}.`,
      '',
      `The post: "${excerpt(text)}"`,
      `Why: ${error}`,
      '',
      `See it in the Terminal: ${terminalUrl}`,
      '',
      settingsLine(settingsUrl),
    ].join('\n'),
    html: `<p>${escapeHtml(headline)}.</p>
<p>The post: “${escapeHtml(excerpt(text))}”<br>Why: ${escapeHtml(error)}</p>
<p><a href="${escapeHtml(terminalUrl)}">See it in the Terminal</a></p>
<p>To stop these e-mails, turn them off in your <a href="${escapeHtml(settingsUrl)}">account settings</a>.</p>`,
  };
};

/** A member's comment that mentions the recipient: who said what on which agent's draft, and the way to it. */
export const buildMentionEmail = ({
  to,
  author,
  agentName,
  workspaceName,
  comment,
  draftText,
  reviewUrl,
}: {
  to: string;
  author: string;
  agentName: string;
  workspaceName: string;
  comment: string;
  draftText: string;
  reviewUrl: string;
}): MailMessage => {
  const headline = `${author} mentioned you on a draft of ${agentName}`;
  const where = `${headline}, in ${workspaceName}:`;
  return {
    to,
    subject: headline,
    link: { label: 'See it in Review', url: reviewUrl },
    text: [
      where,
      '',
      ...comment.split('\n').map((line) => `> ${line}`),
      '',
      `The draft: "${excerpt(draftText)}"`,
      '',
      `See it in Review: ${reviewUrl}`,
    ].join('\n'),
    html: `<p>${escapeHtml(where)}</p>
<blockquote>${escapeHtml(comment).replaceAll('\n', '<br>')}</blockquote>
<p>The draft: “${escapeHtml(excerpt(draftText))}”</p>
<p><a href="${escapeHtml(reviewUrl)}">See it in Review</a></p>`,
  };
};
