import { and, eq } from 'drizzle-orm';
import { canDeleteThroughApi, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { PlatformError } from '../../../integrations/platforms/common/platform.ts';
import { AppError } from '../../../kernel/app-error.ts';
import { isUuid } from '../../../kernel/is-uuid.ts';
import { getTerminalMessage } from '../../terminal/get-terminal-message.ts';
import { tellDeliveryWebhooks } from '../shared/delivery-webhook-events.ts';
import type { PublishingServices } from './publishing-services.ts';

const TERMINAL_MESSAGE_NOT_FOUND = 'Terminal message not found';
import { showDeliveries } from './show-deliveries.ts';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvents } from '../../audit/record-audit-event.ts';
import { draftSubjects } from '../shared/draft-subjects.ts';

/**
 * Takes a published post back from a platform ("Delete from X" in the terminal): asks the platform to delete it
 * with the account that published it, then marks the delivery `removed` and shows it. Deleting again is harmless
 * (the platforms' 404 counts as deleted), so a lost answer can simply be retried. The terminal entry stays, as a
 * record of what was posted and taken back. A platform whose API cannot delete posts (Instagram) is refused before
 * it is called, with where to delete the post instead.
 */
export const removePublishedPost = async (
  services: PublishingServices,
  {
    workspaceId,
    messageId,
    platform,
    actor,
  }: { workspaceId: string; messageId: string; platform: string; actor: AuditActor },
): Promise<TerminalMessage> => {
  const { db } = services;
  const shown = isUuid(messageId) ? await getTerminalMessage(db, { workspaceId, messageId }) : null;
  if (!shown) throw new AppError('NOT_FOUND', TERMINAL_MESSAGE_NOT_FOUND);
  const [entry] = await db
    .select({ runId: terminalMessage.runId })
    .from(terminalMessage)
    .where(eq(terminalMessage.messageId, messageId));
  const [published] = entry?.runId
    ? await db
        .select()
        .from(delivery)
        .where(and(eq(delivery.runId, entry.runId), eq(delivery.platform, platform)))
    : [];
  if (published?.status === 'removed') return shown;
  if (!published || published.status !== 'posted' || !published.externalId || platform === 'terminal')
    throw new AppError('CONFLICT', PUBLISHING_MESSAGES.notOnPlatform(platform));
  // Instagram's API cannot delete a post: the terminal does not offer it, and asking anyway changes nothing.
  if (!canDeleteThroughApi(platform)) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.noApiDelete(platform));
  const adapter = services.platforms.get(platform);
  if (!adapter) throw new AppError('CONFLICT', PUBLISHING_MESSAGES.noAdapter(platform));
  const access = await services.resolveAccess({ workspaceId, agentId: shown.agent_id, platform });
  if (access.kind === 'none') throw new AppError('CONFLICT', PUBLISHING_MESSAGES.notConnected(platform));
  if (access.kind === 'unusable')
    throw new AppError('CONFLICT', PUBLISHING_MESSAGES.cannotRemove(platform, access.message));
  try {
    await adapter.deletePost(access.credentials, published.externalId);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    services.logger.warn({ err: error, deliveryId: published.id }, 'Deleting a published post failed');
    throw new AppError('UPSTREAM_FAILED', PUBLISHING_MESSAGES.cannotRemove(platform, error.message));
  }
  const at = services.now();
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(delivery)
      // Its metrics stop being read: the last reading stays.
      .set({ status: 'removed', removedAt: at, updatedAt: at, metricsNextAt: null })
      .where(and(eq(delivery.id, published.id), eq(delivery.status, 'posted')))
      .returning();
    if (rows.length > 0)
      await recordAuditEvents(tx, {
        workspaceId,
        actor,
        action: 'post.deleted',
        subjects: await draftSubjects(
          tx,
          [published.runId],
          [`From ${platformName(platform)}`, published.url].filter(Boolean).join(': '),
        ),
      });
    return rows;
  });
  await tellDeliveryWebhooks(services, 'post.deleted', removed);
  await showDeliveries(services, [published.runId]);
  services.logger.info({ deliveryId: published.id, platform }, 'Published post deleted from the platform');
  return (await getTerminalMessage(db, { workspaceId, messageId }))!;
};
