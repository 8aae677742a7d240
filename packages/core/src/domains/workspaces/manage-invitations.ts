import { WORKSPACE_ROLE_NAMES } from '@agentcast/contracts/workspace-roles';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  INVITATION_LIFETIME_DAYS,
  WORKSPACE_MEMBER_MESSAGES,
  type InvitationPreview,
  type InviteMemberInput,
  type WorkspaceInvitation,
  type WorkspaceSummary,
} from '@agentcast/contracts/workspaces';
import type { Database } from '@agentcast/db/client';
import { user } from '@agentcast/db/schema/auth';
import { workspace, workspaceInvitation, workspaceMember } from '@agentcast/db/schema/workspaces';
import { AppError } from '../../kernel/app-error.ts';
import { buildInvitationEmail } from './invitation-email.ts';
import { invitationJson, type MemberActor } from './manage-members.ts';
import type { WorkspaceServices } from './workspace-services.ts';
import { personActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

const DAY_MS = 86_400_000;

/** Only the token's SHA-256 is kept: the token is 256 random bits, so a fast hash is enough. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page an invitation's link opens (apps/web: the invitation route). */
export const invitationPath = (token: string) => `/invitations/${encodeURIComponent(token)}`;

const notFound = () => new AppError('NOT_FOUND', WORKSPACE_MEMBER_MESSAGES.invitationNotFound);

/**
 * Invites an address into the workspace with a role, by e-mail. Inviting the same address again replaces its
 * invitation (a new link, valid 7 days from now); an address that is already a member's is refused. Only owners may
 * invite owners.
 */
export const inviteMember = async (
  { db, mailer, publicUrl, now }: WorkspaceServices,
  { workspaceId, actor, input }: { workspaceId: string; actor: MemberActor; input: InviteMemberInput },
): Promise<WorkspaceInvitation> => {
  if (input.role === 'owner' && actor.role !== 'owner')
    throw new AppError('FORBIDDEN', WORKSPACE_MEMBER_MESSAGES.onlyOwnersMakeOwners);
  const email = input.email.toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const at = now();
  const row = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: user.id })
      .from(workspaceMember)
      .innerJoin(user, eq(user.id, workspaceMember.userId))
      .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(sql`lower(${user.email})`, email)));
    if (member) throw new AppError('CONFLICT', WORKSPACE_MEMBER_MESSAGES.alreadyMember);
    await tx
      .delete(workspaceInvitation)
      .where(and(eq(workspaceInvitation.workspaceId, workspaceId), eq(workspaceInvitation.email, email)));
    const [inserted] = await tx
      .insert(workspaceInvitation)
      .values({
        workspaceId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.userId,
        expiresAt: new Date(at.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
        createdAt: at,
      })
      .returning();
    await recordAuditEvent(tx, {
      workspaceId,
      actor: personActor(actor),
      action: 'member.invited',
      subject: { name: email },
      detail: `As ${WORKSPACE_ROLE_NAMES[input.role]}`,
    });
    return inserted!;
  });
  const [names] = await db
    .select({ inviter: user.name, workspaceName: workspace.name })
    .from(workspace)
    .innerJoin(user, eq(user.id, actor.userId))
    .where(eq(workspace.id, workspaceId));
  await mailer.send(
    buildInvitationEmail({
      to: email,
      inviter: names?.inviter ?? 'A member',
      workspaceName: names?.workspaceName ?? 'a workspace',
      role: input.role,
      acceptUrl: `${publicUrl}${invitationPath(token)}`,
    }),
  );
  return invitationJson(row);
};

export const withdrawInvitation = async (db: Database, { workspaceId, id }: { workspaceId: string; id: string }) => {
  const deleted = await db
    .delete(workspaceInvitation)
    .where(and(eq(workspaceInvitation.id, id), eq(workspaceInvitation.workspaceId, workspaceId)))
    .returning({ id: workspaceInvitation.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'No such invitation.');
};

const findInvitation = async (db: Database, token: string, now: Date) => {
  const [row] = await db
    .select({
      invitation: workspaceInvitation,
      workspaceName: workspace.name,
      inviter: user.name,
    })
    .from(workspaceInvitation)
    .innerJoin(workspace, eq(workspace.id, workspaceInvitation.workspaceId))
    .leftJoin(user, eq(user.id, workspaceInvitation.invitedBy))
    .where(and(eq(workspaceInvitation.tokenHash, hashToken(token)), gt(workspaceInvitation.expiresAt, now)));
  if (!row) throw notFound();
  return row;
};

/** What the invitation's page shows, to anyone holding its link. */
export const previewInvitation = async (db: Database, token: string, now: Date): Promise<InvitationPreview> => {
  const { invitation, workspaceName, inviter } = await findInvitation(db, token, now);
  return {
    workspace_name: workspaceName,
    role: invitation.role,
    email: invitation.email,
    invited_by: inviter,
    expires_at: invitation.expiresAt.toISOString(),
  };
};

/**
 * The signed-in person joins the workspace with the invitation's role, if it was sent to their address; the
 * invitation is used up. Someone already a member keeps their role.
 */
export const acceptInvitation = async (
  db: Database,
  { token, person, now }: { token: string; person: { id: string; email: string }; now: Date },
): Promise<WorkspaceSummary> => {
  const { invitation, workspaceName } = await findInvitation(db, token, now);
  if (invitation.email !== person.email.toLowerCase())
    throw new AppError('FORBIDDEN', WORKSPACE_MEMBER_MESSAGES.invitationForAnother(invitation.email));
  return db.transaction(async (tx) => {
    const spent = await tx
      .delete(workspaceInvitation)
      .where(eq(workspaceInvitation.id, invitation.id))
      .returning({ id: workspaceInvitation.id });
    if (spent.length === 0) throw notFound();
    const joined = await tx
      .insert(workspaceMember)
      .values({ workspaceId: invitation.workspaceId, userId: person.id, role: invitation.role })
      .onConflictDoNothing()
      .returning({ role: workspaceMember.role });
    if (joined.length > 0)
      await recordAuditEvent(tx, {
        workspaceId: invitation.workspaceId,
        actor: personActor({ userId: person.id }),
        action: 'member.joined',
        subject: { id: person.id, name: WORKSPACE_ROLE_NAMES[invitation.role] },
      });
    const [member] = await tx
      .select({ role: workspaceMember.role })
      .from(workspaceMember)
      .where(and(eq(workspaceMember.workspaceId, invitation.workspaceId), eq(workspaceMember.userId, person.id)));
    return { id: invitation.workspaceId, name: workspaceName, role: member?.role ?? invitation.role };
  });
};
