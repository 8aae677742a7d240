import { z } from 'zod';
import { WORKSPACE_ROLES } from './workspace-roles.ts';

/** How long an invitation's link works (issue 36 §2). */
export const INVITATION_LIFETIME_DAYS = 7;

export const WORKSPACE_MEMBER_MESSAGES = {
  emailInvalid: 'Enter the e-mail address of the person to invite.',
  roleInvalid: 'Choose Owner, Admin, Editor or Reviewer.',
  alreadyMember: 'This person is already a member of the workspace.',
  onlyOwnersMakeOwners: 'Only an owner can make someone an owner, or change an owner’s role.',
  founderStays: 'This is the workspace its owner got with their account: they stay its owner, so it always has one.',
  memberNotFound: 'No such member of this workspace.',
  invitationNotFound:
    'This invitation is no longer valid: it was used, withdrawn or is older than 7 days. Ask for a new one.',
  invitationForAnother: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  invited: (email: string) => `Invitation sent to ${email}.`,
} as const;

const roleSchema = z.enum(WORKSPACE_ROLES, { error: WORKSPACE_MEMBER_MESSAGES.roleInvalid });

export const inviteMemberInputSchema = z.object({
  email: z.email({ error: WORKSPACE_MEMBER_MESSAGES.emailInvalid }).trim().max(254),
  role: roleSchema,
});
export type InviteMemberInput = z.output<typeof inviteMemberInputSchema>;

export const changeMemberRoleInputSchema = z.object({ role: roleSchema });

export const workspaceSummarySchema = z.object({ id: z.string(), name: z.string(), role: roleSchema });
export type WorkspaceSummary = z.output<typeof workspaceSummarySchema>;

export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSummarySchema) });

export const workspaceMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  joined_at: z.string(),
});

export const workspaceInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: roleSchema,
  expires_at: z.string(),
});
export type WorkspaceInvitation = z.output<typeof workspaceInvitationSchema>;

export const workspaceMembersSchema = z.object({
  members: z.array(workspaceMemberSchema),
  invitations: z.array(workspaceInvitationSchema),
});
export type WorkspaceMembers = z.output<typeof workspaceMembersSchema>;

/** What the invitation's page shows before the person accepts: whose workspace, as what, for which address. */
export const invitationPreviewSchema = z.object({
  workspace_name: z.string(),
  role: roleSchema,
  email: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitationPreview = z.output<typeof invitationPreviewSchema>;

export const invitationTokenSchema = z.object({ token: z.string().min(1).max(200) });
