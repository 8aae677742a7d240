import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { agentRun } from '@agentcast/db/schema/runs';
import { workspaceMember } from '@agentcast/db/schema/workspaces';
import { queryRows } from '@agentcast/db/query-rows';
import { appLinks } from './app-links.ts';
import { buildDraftsWaitingEmail } from './notification-emails.ts';
import type { NotificationServices } from './notification-services.ts';

/** A draft that has waited this long earns its owner an e-mail; and an account gets at most one this often. */
export const DRAFTS_WAITING_NOTICE_MS = 3_600_000;
/** Accounts e-mailed per pass; the rest wait for the next pass. */
const ACCOUNTS_PER_PASS = 100;

/**
 * E-mails each owner of a workspace that has a draft waiting for review for an hour, listing every waiting draft with a link
 * to the Review tab: at most one e-mail an hour per account, and none about drafts an earlier e-mail already
 * covered. The account is marked before the e-mail is sent, in one statement, so that of several workers only one
 * sends it (a mail server failure then loses that e-mail, rather than sending it twice).
 */
export const notifyWaitingDrafts = async (services: NotificationServices) => {
  const { db } = services;
  const now = services.now();
  const cutoff = new Date(now.getTime() - DRAFTS_WAITING_NOTICE_MS).toISOString();
  const claimed = await queryRows<{ user_id: string }>(
    db,
    sql`
    WITH due AS (
      SELECT m.user_id FROM agent_run r
      JOIN workspace_member m ON m.workspace_id = r.workspace_id AND m.role = 'owner'
      LEFT JOIN account_setting s ON s.user_id = m.user_id
      WHERE r.status = 'awaiting_review' AND r.created_at <= ${cutoff}::timestamptz
        AND coalesce(s.notify_drafts_waiting, true)
        AND (s.drafts_notified_at IS NULL OR (s.drafts_notified_at <= ${cutoff}::timestamptz
          AND r.created_at > s.drafts_notified_at - ${`${DRAFTS_WAITING_NOTICE_MS} milliseconds`}::interval))
      GROUP BY m.user_id LIMIT ${ACCOUNTS_PER_PASS}
    )
    INSERT INTO account_setting (user_id, drafts_notified_at) SELECT user_id, ${now.toISOString()}::timestamptz FROM due
    ON CONFLICT (user_id) DO UPDATE SET drafts_notified_at = excluded.drafts_notified_at
      WHERE account_setting.drafts_notified_at IS NULL OR account_setting.drafts_notified_at <= ${cutoff}::timestamptz
    RETURNING user_id`,
  );
  if (claimed.length === 0) return 0;
  const ownerIds = claimed.map((row) => row.user_id);
  const [owners, drafts] = await Promise.all([
    db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ownerIds)),
    db
      .select({
        ownerId: workspaceMember.userId,
        agentName: agent.name,
        text: agentRun.postText,
        publishAt: sql<Date>`coalesce(${agentRun.publishAt}, ${agentRun.createdAt})`.mapWith(agentRun.createdAt),
      })
      .from(agentRun)
      .innerJoin(agent, eq(agent.id, agentRun.agentId))
      .innerJoin(
        workspaceMember,
        and(eq(workspaceMember.workspaceId, agentRun.workspaceId), eq(workspaceMember.role, 'owner')),
      )
      .where(and(inArray(workspaceMember.userId, ownerIds), eq(agentRun.status, 'awaiting_review')))
      .orderBy(asc(agentRun.publishAt)),
  ]);
  const links = appLinks(services.publicUrl);
  for (const owner of owners) {
    const waiting = drafts
      .filter((draft) => draft.ownerId === owner.id)
      .map((draft) => ({ agentName: draft.agentName, text: draft.text ?? '', publishAt: draft.publishAt }));
    try {
      await services.mailer.send(
        buildDraftsWaitingEmail({
          to: owner.email,
          drafts: waiting,
          reviewUrl: links.review,
          settingsUrl: links.settings,
        }),
      );
    } catch (error) {
      services.logger.error({ err: error, userId: owner.id }, 'The drafts-waiting e-mail could not be sent');
    }
  }
  return owners.length;
};
