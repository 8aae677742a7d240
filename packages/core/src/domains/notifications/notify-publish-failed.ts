import { and, eq } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { workspaceMember } from '@agentcast/db/schema/workspaces';
import { getAccountSettings } from './account-settings.ts';
import { appLinks } from './app-links.ts';
import { buildPublishFailedEmail } from './notification-emails.ts';
import type { NotificationServices } from './notification-services.ts';

/**
 * The notify-publish-failed job: e-mails the workspace's owners that a post was not published and why, each unless
 * they turned these e-mails off. A delivery that is no longer failed (published after all, or its agent deleted)
 * sends nothing.
 */
export const notifyPublishFailed = async (services: NotificationServices, { deliveryId }: { deliveryId: string }) => {
  const { db } = services;
  const rows = await db
    .select({
      status: delivery.status,
      platform: delivery.platform,
      error: delivery.error,
      text: agentRun.postText,
      agentName: agent.name,
      ownerId: user.id,
      email: user.email,
    })
    .from(delivery)
    .innerJoin(agentRun, eq(agentRun.id, delivery.runId))
    .innerJoin(agent, eq(agent.id, delivery.agentId))
    .innerJoin(
      workspaceMember,
      and(eq(workspaceMember.workspaceId, delivery.workspaceId), eq(workspaceMember.role, 'owner')),
    )
    .innerJoin(user, eq(user.id, workspaceMember.userId))
    .where(eq(delivery.id, deliveryId));
  const links = appLinks(services.publicUrl);
  for (const row of rows) {
    if (row.status !== 'failed') return;
    if (!(await getAccountSettings(db, row.ownerId)).notify_publish_failed) continue;
    await services.mailer.send(
      buildPublishFailedEmail({
        to: row.email,
        agentName: row.agentName,
        platform: row.platform,
        text: row.text ?? '',
        error: row.error ?? 'unknown',
        terminalUrl: links.terminal,
        settingsUrl: links.settings,
      }),
    );
  }
};
