import { eq } from 'drizzle-orm';
import { isThreadPlatform } from '@agentcast/contracts/platform-thread';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { agentRun, delivery, type AgentRunRow, type DeliveryRow } from '@agentcast/db/schema/runs';
import { PlatformError } from '../../../integrations/platforms/common/platform.ts';
import { agentPublishChoices } from './agent-publish-choices.ts';
import { budgetRefusalForPost } from '../../costs/agent-budget.ts';
import { tellRunProgress } from '../shared/tell-run-progress.ts';
import { claimDelivery } from './claim-delivery.ts';
import { failDelivery, markDeliveryUnknown, retryDeliveryLater } from './delivery-outcomes.ts';
import { deliveryPosts } from './delivery-posts.ts';
import type { DeliveryWork } from './delivery-work.ts';
import { postDelivery } from './post-delivery.ts';
import type { PublishingServices } from './publishing-services.ts';
import { reconcileDelivery } from './reconcile-delivery.ts';

/** Whether the run carries what the platform needs to make a post at all (Instagram: a picture; YouTube: a video). */
const carriesRequiredMedia = ({ requiresMedia }: DeliveryWork['platform'], run: AgentRunRow) =>
  requiresMedia === undefined ||
  run.media.some((medium) => requiresMedia === 'image-or-video' || medium.kind === 'video');

/** Reconciles an unknown delivery, checks the budget for what is left, then posts it. */
const moveOn = async (work: DeliveryWork) => {
  const { services, run, platform } = work;
  if (!carriesRequiredMedia(platform, run) && platform.requiresMedia)
    return failDelivery(services, work.row, PUBLISHING_MESSAGES.needsMedia(work.row.platform, platform.requiresMedia));
  const choices = await agentPublishChoices(services, run, work.row.platform);
  // An agent with threads has its thread split to the account's own limit, where its server sets one (a Mastodon
  // instance's). Without threads the text was written to fit one post, and the platform's check says if it does not.
  const measure =
    choices.threads && isThreadPlatform(work.row.platform) ? await platform.postMeasure?.(work.credentials) : undefined;
  const posts = deliveryPosts(work.row, run, measure);
  const row = work.row.status === 'unknown' ? await reconcileDelivery(work, posts) : work.row;
  if (row.status === 'posted' || row.status === 'failed') return row;
  // The agent's monthly budget (issue 17 §7): posts that would pass it are not made, and the note says why.
  const overBudget = await budgetRefusalForPost(services.db, {
    platform: row.platform,
    agentId: row.agentId,
    texts: posts.slice(row.threadPosts.length),
    prices: services.prices,
    now: services.now(),
  });
  // The AgentBoard's banner says it once; an e-mail for each refused post would say it every interval.
  if (overBudget) return failDelivery(services, row, overBudget, { notify: false });
  return postDelivery({ ...work, row, videoPrivacy: choices.videoPrivacy, channelId: choices.channelId }, posts);
};

/**
 * Moves one delivery on (issue: deliveries). Posts a ready delivery — one post, or an X thread part by part;
 * reconciles an unknown one against the account's recent posts before posting again; retries transient errors with
 * backoff; records permanent ones. A platform with no connected account, or no adapter on this server, fails with a
 * message saying so.
 */
export const publishDelivery = async (
  services: PublishingServices,
  { deliveryId, claimed, run: knownRun }: { deliveryId: string; claimed?: DeliveryRow; run?: AgentRunRow },
) => {
  // A delivery handed over already leased (by the worker that wrote the post) needs no claim.
  const row =
    claimed ??
    (await claimDelivery(services.db, { deliveryId, now: services.now(), leaseMs: services.timing.postingLeaseMs }));
  if (!row) return null;
  const [run] = knownRun
    ? [knownRun]
    : await services.db.select().from(agentRun).where(eq(agentRun.id, row.runId)).limit(1);
  if (!run) return null;
  // The first try only: a retry minutes later has nobody waiting on the trigger to see it.
  if (row.platform !== 'terminal' && row.attempts === 0)
    await tellRunProgress(services.events, run, 'publishing', row.platform);
  const platform = services.platforms.get(row.platform);
  if (!platform) return failDelivery(services, row, PUBLISHING_MESSAGES.noAdapter(row.platform));
  try {
    const access = await services.resolveAccess({
      workspaceId: row.workspaceId,
      agentId: row.agentId,
      platform: row.platform,
    });
    if (access.kind === 'none')
      return await failDelivery(services, row, PUBLISHING_MESSAGES.notConnected(row.platform));
    if (access.kind === 'unusable') {
      return await (access.retry
        ? retryDeliveryLater(services, row, {
            status: row.status === 'unknown' ? 'unknown' : 'ready',
            error: access.message,
          })
        : failDelivery(services, row, access.message));
    }
    return await moveOn({
      services,
      row,
      run,
      platform,
      credentials: access.credentials,
      connectionId: access.connectionId,
    });
  } catch (error) {
    // Read back where the delivery got to: after `posting` was committed, the post may exist.
    const [current] = await services.db.select().from(delivery).where(eq(delivery.id, row.id)).limit(1);
    if (!current) return null;
    if (current.status === 'posting') return markDeliveryUnknown(services, current);
    if (error instanceof PlatformError && error.kind === 'permanent')
      return failDelivery(services, current, error.message);
    services.logger.warn({ err: error, deliveryId: row.id }, 'Delivery step failed; it will be retried');
    const message = error instanceof Error ? error.message : String(error);
    return retryDeliveryLater(services, current, {
      status: current.status === 'unknown' ? 'unknown' : 'ready',
      error: message,
      retryAt: error instanceof PlatformError ? error.retryAt : undefined,
    });
  }
};
