import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { CLIENT_LINK_LIFETIME_DAYS, CLIENT_LINK_MESSAGES, type ClientLink } from '@agentcast/contracts/client-links';
import { user } from '@agentcast/db/schema/auth';
import { clientLink, type ClientLinkRow } from '@agentcast/db/schema/client-links';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import type { ClientApprovalServices } from './client-approval-services.ts';
import { clientApprovalPath, hashClientLinkToken, newClientLinkToken } from './client-link-token.ts';
import type { AuditActor } from '../audit/audit-actor.ts';
import { recordAuditEvent } from '../audit/record-audit-event.ts';

const DAY_MS = 86_400_000;

const linkJson = (row: ClientLinkRow, createdBy: string | null): ClientLink => ({
  id: row.id,
  client_name: row.clientName,
  created_by: createdBy,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

/** The workspace's client links that still work, newest first, each with who made it. */
export const listClientLinks = async (
  { db, now }: Pick<ClientApprovalServices, 'db' | 'now'>,
  { workspaceId }: { workspaceId: string },
) => {
  const rows = await db
    .select({ link: clientLink, maker: user.name })
    .from(clientLink)
    .leftJoin(user, eq(user.id, clientLink.createdBy))
    .where(and(eq(clientLink.workspaceId, workspaceId), isNull(clientLink.revokedAt), gt(clientLink.expiresAt, now())))
    .orderBy(desc(clientLink.createdAt));
  return rows.map(({ link, maker }) => linkJson(link, maker));
};

/**
 * A client's approval link, valid 30 days from now. One per client name in the workspace: a link made again for
 * the same client replaces theirs (the old one stops working). Answers the link and its URL, shown this once.
 */
export const createClientLink = async (
  { db, publicUrl, now }: Pick<ClientApprovalServices, 'db' | 'publicUrl' | 'now'>,
  {
    workspaceId,
    userId,
    actor,
    clientName,
  }: { workspaceId: string; userId: string; actor: AuditActor; clientName: string },
) => {
  const token = newClientLinkToken();
  const at = now();
  const values = {
    tokenHash: hashClientLinkToken(token),
    createdBy: userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + CLIENT_LINK_LIFETIME_DAYS * DAY_MS),
    revokedAt: null,
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(clientLink)
      .values({ workspaceId, clientName, ...values })
      .onConflictDoUpdate({ target: [clientLink.workspaceId, clientLink.clientName], set: values })
      .returning();
    if (!saved) throw new Error('client link insert returned no row');
    await recordAuditEvent(tx, {
      workspaceId,
      actor,
      action: 'client_link.created',
      subject: { id: saved.id, name: clientName },
      detail: `Valid until ${values.expiresAt.toISOString()}`,
    });
    return saved;
  });
  const [maker] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return { link: linkJson(row, maker?.name ?? null), url: new URL(clientApprovalPath(token), publicUrl).toString() };
};

/** Revokes a client link of the workspace: its page stops working at once. */
export const revokeClientLink = async (
  { db, now }: Pick<ClientApprovalServices, 'db' | 'now'>,
  { workspaceId, linkId, actor }: { workspaceId: string; linkId: string; actor: AuditActor },
) => {
  await db.transaction(async (tx) => {
    const [row] = isUuid(linkId)
      ? await tx
          .update(clientLink)
          .set({ revokedAt: now() })
          .where(and(eq(clientLink.id, linkId), eq(clientLink.workspaceId, workspaceId), isNull(clientLink.revokedAt)))
          .returning({ id: clientLink.id, name: clientLink.clientName })
      : [];
    if (!row) throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.notFound);
    await recordAuditEvent(tx, { workspaceId, actor, action: 'client_link.revoked', subject: row });
  });
  return { success: true as const };
};
