import { and, eq, sql } from 'drizzle-orm';
import { canLookUpPosts, PLATFORM_MEDIA_REQUIREMENTS, RETRY_MESSAGES } from '@agentcast/contracts/publishing';
import type { DeliveryStatus, TerminalMessage } from '@agentcast/contracts/terminal';
import { agentRun, delivery, type DeliveryRow } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { AppError } from '../../../kernel/app-error.ts';
import { getTerminalMessage } from '../../terminal/get-terminal-message.ts';
import { PUBLISH_DELIVERY_JOB } from './publish-delivery-job.ts';
import type { PublishingServices } from './publishing-services.ts';
import { showDeliveries } from './show-deliveries.ts';
import { sendJob } from '../../../integrations/queue/send-job.ts';

const TERMINAL_MESSAGE_NOT_FOUND = 'Terminal message not found';

/** Why a delivery that is not `failed` is not sent again. */
const notFailedReason = (status: DeliveryStatus, platform: string) => {
  if (status === 'posted') return RETRY_MESSAGES.published(platform);
  if (status === 'awaiting_review') return RETRY_MESSAGES.draft;
  if (status === 'rejected') return RETRY_MESSAGES.rejected;
  if (status === 'removed') return RETRY_MESSAGES.removed(platform);
  if (status === 'skipped') return RETRY_MESSAGES.neverSent(platform);
  return RETRY_MESSAGES.goingOut(platform);
};

/** The message's delivery to the platform, with the run's media, if the message is this user's. */
const findDelivery = async (
  { db }: PublishingServices,
  { workspaceId, messageId, platform }: { workspaceId: string; messageId: string; platform: string },
) => {
  const [found] = await db
    .select({ row: delivery, media: agentRun.media })
    .from(terminalMessage)
    .innerJoin(delivery, and(eq(delivery.runId, terminalMessage.runId), eq(delivery.platform, platform)))
    .innerJoin(agentRun, eq(agentRun.id, delivery.runId))
    .where(and(eq(terminalMessage.messageId, messageId), eq(terminalMessage.workspaceId, workspaceId)))
    .limit(1);
  return found;
};

/** Refuses, with the sentence to show, a retry that could not publish: nothing to retry, or what it needs is missing. */
const refuseWhatCannotGoOut = async (
  services: PublishingServices,
  { row, media }: { row: DeliveryRow; media: { kind: string }[] },
) => {
  const { platform } = row;
  if (row.status !== 'failed') throw new AppError('CONFLICT', notFailedReason(row.status, platform));
  if (!services.platforms.get(platform)) throw new AppError('CONFLICT', RETRY_MESSAGES.noAdapter(platform));
  const requirement = PLATFORM_MEDIA_REQUIREMENTS[platform];
  if (requirement && !media.some((medium) => requirement === 'image-or-video' || medium.kind === 'video'))
    throw new AppError('CONFLICT', RETRY_MESSAGES.needsMedia(platform, requirement));
  const access = await services.resolveAccess({ workspaceId: row.workspaceId, agentId: row.agentId, platform });
  if (access.kind === 'none') throw new AppError('CONFLICT', RETRY_MESSAGES.connectFirst(platform));
  // A revoked connection says to reconnect; one the provider failed to renew is worth the queue's own retries.
  if (access.kind === 'unusable' && !access.retry) throw new AppError('CONFLICT', access.message);
};

/**
 * Sends a failed delivery again ("Retry" in the terminal) through the one publishing path: the same delivery row, its
 * idempotency key and lease, moved from `failed` by a conditional update that only one request can win, and woken by
 * the same publish-delivery job, in one transaction. A delivery whose post request ever went out comes back as
 * `unknown`, so the account's recent posts are read before anything is posted (a delivery given up while its outcome
 * was unknown may be on the platform); one that never reached the platform comes back `ready`. A thread resumes after
 * the parts already posted. Its attempts start again (one kept when a request went out, so that the platform's
 * duplicate refusal of its own earlier post still counts as that post), so the usual retries of a transient error
 * apply. On a platform that cannot be asked (Telegram, Discord) the person has looked, so it comes back `ready`
 * ("Post again"). Another user's message answers 404; a delivery published, going out or otherwise not failed, 409.
 */
export const retryDelivery = async (
  services: PublishingServices,
  { workspaceId, messageId, platform }: { workspaceId: string; messageId: string; platform: string },
): Promise<TerminalMessage> => {
  const found = await findDelivery(services, { workspaceId, messageId, platform });
  if (!found) {
    const shown = await getTerminalMessage(services.db, { workspaceId, messageId });
    throw new AppError('NOT_FOUND', shown ? RETRY_MESSAGES.noDelivery(platform) : TERMINAL_MESSAGE_NOT_FOUND);
  }
  await refuseWhatCannotGoOut(services, found);
  const at = services.now();
  // Where the platform can be asked, a post request that ever went out is looked for first. Where it cannot, the
  // person has looked ("Post again") and it goes out as new.
  const lookFirst = canLookUpPosts(platform) ? sql`${delivery.postingStartedAt} IS NOT NULL` : sql`false`;
  const requeued = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .update(delivery)
      .set({
        status: sql`CASE WHEN ${lookFirst} THEN 'unknown' ELSE 'ready' END`,
        attempts: sql`CASE WHEN ${lookFirst} THEN 1 ELSE 0 END`,
        error: null,
        nextAttemptAt: at,
        leaseUntil: null,
        updatedAt: at,
      })
      .where(and(eq(delivery.id, found.row.id), eq(delivery.status, 'failed')))
      .returning({ id: delivery.id });
    if (!row) return false;
    await sendJob(services.queue, PUBLISH_DELIVERY_JOB, { deliveryId: row.id }, { tx });
    return true;
  });
  // Another request (a second click, another tab) moved it first.
  if (!requeued) throw new AppError('CONFLICT', RETRY_MESSAGES.goingOut(platform));
  services.logger.info({ deliveryId: found.row.id, platform }, 'Failed delivery sent again');
  await showDeliveries(services, [found.row.runId]);
  return (await getTerminalMessage(services.db, { workspaceId, messageId }))!;
};
