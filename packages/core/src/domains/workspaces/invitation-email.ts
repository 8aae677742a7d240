import { INVITATION_LIFETIME_DAYS } from '@agentcast/contracts/workspaces';
import { WORKSPACE_ROLE_NAMES, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { escapeHtml } from '../../integrations/mail/escape-html.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

/** The invitation: who asks whom into which workspace, as what, and the link to accept (valid 7 days). */
export const buildInvitationEmail = ({
  to,
  inviter,
  workspaceName,
  role,
  acceptUrl,
}: {
  to: string;
  inviter: string;
  workspaceName: string;
  role: WorkspaceRole;
  acceptUrl: string;
}): MailMessage => {
  const invitation = `${inviter} invited you to ${workspaceName} on Agentcast as ${WORKSPACE_ROLE_NAMES[role]}.`;
  const validity = `The link works for ${INVITATION_LIFETIME_DAYS} days. Sign in or sign up with this address (${to}) to accept it.`;
  return {
    to,
    subject: `Join ${workspaceName} on Agentcast`,
    link: { label: 'Accept the invitation', url: acceptUrl },
    text: [invitation, '', `Accept the invitation: ${acceptUrl}`, '', validity].join('\n'),
    html: `<p>${escapeHtml(invitation)}</p>
<p><a href="${escapeHtml(acceptUrl)}">Accept the invitation</a></p>
<p>${escapeHtml(validity)}</p>`,
  };
};
