import { eq } from 'drizzle-orm';
import { agent } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { getAccountSettings } from './account-settings.ts';
import { appLinks } from './app-links.ts';
import { buildPublishFailedEmail } from './notification-emails.ts';
import type { NotificationServices } from './notification-services.ts';

/**
 * The notify-publish-failed job: e-mails the owner that a post was not published and why, unless they turned
 * these e-mails off. A delivery that is no longer failed (published after all, or its agent deleted) sends nothing.
 */
export const notifyPublishFailed = async (services: NotificationServices, { deliveryId }: { deliveryId: string }) => {
  const { db } = services;
  const [row] = await db
    .select({
      status: delivery.status,
      platform: delivery.platform,
      error: delivery.error,
      userId: delivery.userId,
      text: agentRun.postText,
      agentName: agent.name,
      email: user.email,
    })
    .from(delivery)
    .innerJoin(agentRun, eq(agentRun.id, delivery.runId))
    .innerJoin(agent, eq(agent.id, delivery.agentId))
    .innerJoin(user, eq(user.id, delivery.userId))
    .where(eq(delivery.id, deliveryId));
  if (row?.status !== 'failed') return;
  if (!(await getAccountSettings(db, row.userId)).notify_publish_failed) return;
  const links = appLinks(services.publicUrl);
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
};
