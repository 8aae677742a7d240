import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  WORKSPACE_MEMBER_MESSAGES,
  type WorkspaceMembers,
  type WorkspaceSummary,
} from '@agentcast/contracts/workspaces';
import { WORKSPACE_ROLE_NAMES, type WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import type { Database } from '@agentcast/db/client';
import { user } from '@agentcast/db/schema/auth';
import { workspace, workspaceInvitation, workspaceMember } from '@agentcast/db/schema/workspaces';
import { AppError } from '../../kernel/app-error.ts';
import { personActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

/** A member acting on the workspace's members: who they are and their role there. */
/** The member acting (with the API key they used, if any), and their role. */
export type MemberActor = { userId: string; apiKeyId?: string; role: WorkspaceRole };

/** A member as the audit log names them: "Ann Lee (ann@example.com)", read in the same statement as the change. */
const memberSubject = async (tx: Database, memberId: string) => {
  const [person] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, memberId));
  return { id: memberId, name: person ? `${person.name} (${person.email})` : 'a former member' };
};

/** The workspaces the person belongs to: their own first, then the others by name. */
export const listWorkspaces = async (db: Database, userId: string): Promise<WorkspaceSummary[]> =>
  db
    .select({ id: workspace.id, name: workspace.name, role: workspaceMember.role })
    .from(workspaceMember)
    .innerJoin(workspace, eq(workspace.id, workspaceMember.workspaceId))
    .where(eq(workspaceMember.userId, userId))
    .orderBy(sql`${workspace.id} <> ${userId}`, asc(workspace.name));

/** The members, longest-standing first, and the invitations that can still be accepted. */
export const listMembers = async (db: Database, workspaceId: string, now: Date): Promise<WorkspaceMembers> => {
  const [members, invitations] = await Promise.all([
    db
      .select({
        userId: user.id,
        email: user.email,
        name: user.name,
        role: workspaceMember.role,
        at: workspaceMember.createdAt,
      })
      .from(workspaceMember)
      .innerJoin(user, eq(user.id, workspaceMember.userId))
      .where(eq(workspaceMember.workspaceId, workspaceId))
      .orderBy(asc(workspaceMember.createdAt), asc(user.email)),
    db
      .select()
      .from(workspaceInvitation)
      .where(and(eq(workspaceInvitation.workspaceId, workspaceId), gt(workspaceInvitation.expiresAt, now)))
      .orderBy(asc(workspaceInvitation.createdAt)),
  ]);
  return {
    members: members.map((member) => ({
      user_id: member.userId,
      email: member.email,
      name: member.name,
      role: member.role,
      joined_at: member.at.toISOString(),
    })),
    invitations: invitations.map(invitationJson),
  };
};

export const invitationJson = (row: typeof workspaceInvitation.$inferSelect) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

/** The member's role, or a 404 saying there is no such member. */
const memberRole = async (tx: Database, workspaceId: string, userId: string) => {
  const [row] = await tx
    .select({ role: workspaceMember.role })
    .from(workspaceMember)
    .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', WORKSPACE_MEMBER_MESSAGES.memberNotFound);
  return row.role;
};

/**
 * A person's own workspace has their id, and the app opens it when a request names no other: they stay its owner,
 * whatever else changes. So a workspace always has an owner, and its last owner can never leave it.
 */
const assertNotFounder = (workspaceId: string, memberId: string) => {
  if (workspaceId === memberId) throw new AppError('CONFLICT', WORKSPACE_MEMBER_MESSAGES.founderStays);
};

/** Owners alone make owners or change an owner's role (an admin has everything but ownership). */
const assertOwnershipChange = (actor: MemberActor, from: WorkspaceRole, to: WorkspaceRole | null) => {
  if ((from === 'owner' || to === 'owner') && actor.role !== 'owner')
    throw new AppError('FORBIDDEN', WORKSPACE_MEMBER_MESSAGES.onlyOwnersMakeOwners);
};

export const changeMemberRole = async (
  db: Database,
  {
    workspaceId,
    actor,
    memberId,
    role,
  }: { workspaceId: string; actor: MemberActor; memberId: string; role: WorkspaceRole },
) =>
  db.transaction(async (tx) => {
    const current = await memberRole(tx, workspaceId, memberId);
    assertOwnershipChange(actor, current, role);
    if (role !== 'owner') assertNotFounder(workspaceId, memberId);
    await tx
      .update(workspaceMember)
      .set({ role })
      .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.userId, memberId)));
    await recordAuditEvent(tx, {
      workspaceId,
      actor: personActor(actor),
      action: 'member.role_changed',
      subject: await memberSubject(tx, memberId),
      detail: `${WORKSPACE_ROLE_NAMES[current]} → ${WORKSPACE_ROLE_NAMES[role]}`,
    });
  });

/** Removes a member, or lets one leave (`actor` is then the member): never the workspace's founder. */
export const removeMember = async (
  db: Database,
  { workspaceId, actor, memberId }: { workspaceId: string; actor: MemberActor; memberId: string },
) =>
  db.transaction(async (tx) => {
    const current = await memberRole(tx, workspaceId, memberId);
    if (memberId !== actor.userId) assertOwnershipChange(actor, current, null);
    assertNotFounder(workspaceId, memberId);
    await tx
      .delete(workspaceMember)
      .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.userId, memberId)));
    await recordAuditEvent(tx, {
      workspaceId,
      actor: personActor(actor),
      action: 'member.removed',
      subject: await memberSubject(tx, memberId),
      detail: memberId === actor.userId ? 'Left the workspace' : `Was ${WORKSPACE_ROLE_NAMES[current]}`,
    });
  });
