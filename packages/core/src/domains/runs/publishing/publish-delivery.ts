import { eq } from 'drizzle-orm';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import { agentRun, delivery, type AgentRunRow, type DeliveryRow } from '@agentcast/db/schema/runs';
import {
  PlatformError,
  type PlatformCredentials,
  type PublishingPlatform,
} from '../../../integrations/platforms/common/platform.ts';
import { budgetRefusalForPost } from '../../costs/agent-budget.ts';
import { meterPublishedPost } from '../../costs/meter-published-post.ts';
import { NOTIFY_PUBLISH_FAILED_JOB } from '../../notifications/notify-publish-failed-job.ts';
import { backoffDelay } from './backoff-delay.ts';
import { tellRunProgress } from '../progress/tell-run-progress.ts';
import { claimDelivery } from './claim-delivery.ts';
import { loadPostMedia } from './load-post-media.ts';
import { PUBLISH_DELIVERY_JOB } from './publish-delivery-job.ts';
import type { PublishingServices } from './publishing-services.ts';
import { updateDelivery } from './update-delivery.ts';

type Work = {
  services: PublishingServices;
  row: DeliveryRow;
  run: AgentRunRow;
  platform: PublishingPlatform;
  credentials: PlatformCredentials;
};

/** Publications of the same text can appear this long before the attempt that made them began (clock skew). */
const RECONCILE_MARGIN_MS = 5 * 60_000;

const wakeAt = (services: PublishingServices, deliveryId: string, at: Date) =>
  services.queue.send(PUBLISH_DELIVERY_JOB.name, { deliveryId }, { startAfter: at, retryLimit: 0 });

/**
 * Gives the delivery up, and has its owner told (by e-mail, unless they turned it off) through the queue. `notify:
 * false` for what the owner already sees on the dashboard and would otherwise hear of with every post (a budget).
 */
const fail = async (services: PublishingServices, row: DeliveryRow, error: string, { notify = true } = {}) => {
  const failed = await updateDelivery(services, row, {
    status: 'failed',
    error,
    leaseUntil: null,
    nextAttemptAt: null,
  });
  if (!notify) return failed;
  // A notification that cannot be queued must not undo or repeat the publishing work: it is logged and let go.
  await services.queue
    .send(NOTIFY_PUBLISH_FAILED_JOB.name, { deliveryId: row.id }, { singletonKey: row.id })
    .catch((queueError: unknown) =>
      services.logger.warn({ err: queueError, deliveryId: row.id }, 'Could not queue the publish-failed e-mail'),
    );
  return failed;
};

/**
 * A transient failure: try again after the platform's retry time or a backoff, unless attempts are used up. The
 * delivery goes back to `ready` (nothing was published), or stays `unknown` when it failed while reconciling: the
 * next attempt must then reconcile again before it may post.
 */
const retryLater = async (
  services: PublishingServices,
  row: DeliveryRow,
  { status, error, retryAt }: { status: 'ready' | 'unknown'; error: string; retryAt?: Date },
) => {
  const { timing } = services;
  if (row.attempts >= timing.maxAttempts)
    return fail(services, row, `Gave up after ${row.attempts} attempts: ${error}`);
  const at =
    retryAt ??
    new Date(
      services.now().getTime() + backoffDelay(row.attempts, { baseMs: timing.backoffMs, maxMs: timing.maxBackoffMs }),
    );
  const updated = await updateDelivery(services, row, { status, error, leaseUntil: null, nextAttemptAt: at });
  await wakeAt(services, row.id, at);
  return updated;
};

/** The post may exist: look for it after the reconcile delay, instead of posting again. */
const markUnknown = async (services: PublishingServices, row: DeliveryRow) => {
  const at = new Date(services.now().getTime() + services.timing.reconcileDelayMs);
  const updated = await updateDelivery(services, row, {
    status: 'unknown',
    error: PUBLISHING_MESSAGES.unknownOutcome(row.platform),
    leaseUntil: null,
    nextAttemptAt: at,
  });
  await wakeAt(services, row.id, at);
  return updated;
};

/**
 * Reads the account's recent posts for this text: found means it was published (done); else it may be posted. An
 * account whose posts this app may not read (LinkedIn grants that to approved apps only) is posted to again: the
 * platform refuses a duplicate and names the original, which then counts as this delivery's post.
 */
const reconcile = async ({ services, row, run, platform, credentials }: Work) => {
  const since = new Date((row.postingStartedAt ?? row.createdAt).getTime() - RECONCILE_MARGIN_MS);
  let found;
  try {
    found = await platform.findRecentPost(credentials, { text: run.postText ?? '', since });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
    services.logger.info(
      { deliveryId: row.id, platform: row.platform, reason: error.reason },
      'Cannot read the account’s posts; relying on the duplicate check',
    );
    return null;
  }
  if (found) {
    await meterPublishedPost(services, { platform: row.platform, postId: found.postId, run });
    return updateDelivery(services, row, {
      status: 'posted',
      externalId: found.postId,
      url: found.url,
      error: null,
      leaseUntil: null,
      nextAttemptAt: null,
    });
  }
  services.logger.info(
    { deliveryId: row.id, platform: row.platform },
    'Reconciled: the post was not published; posting it',
  );
  return null;
};

const post = async ({ services, row, run, platform, credentials }: Work) => {
  const media = await loadPostMedia(services.storage, run.media);
  const now = services.now();
  // Committed before the call: if this worker dies during it, whoever comes next knows to reconcile.
  const posting = await updateDelivery(
    services,
    row,
    {
      status: 'posting',
      attempts: row.attempts + 1,
      postingStartedAt: now,
      leaseUntil: new Date(now.getTime() + services.timing.postingLeaseMs),
    },
    { show: false },
  );
  try {
    const published = await platform.publish(credentials, {
      text: run.postText ?? '',
      media,
      replyToPostId: run.replyTo?.postId,
    });
    const notes = published.notes?.join(' ');
    await meterPublishedPost(services, { platform: row.platform, postId: published.postId, run });
    return updateDelivery(services, posting, {
      status: 'posted',
      externalId: published.postId,
      url: published.url,
      error: notes || null,
      leaseUntil: null,
      nextAttemptAt: null,
    });
  } catch (error) {
    // Not classified by the adapter: the request may have gone out, so the outcome is unknown.
    if (!(error instanceof PlatformError)) {
      services.logger.error(
        { err: error, deliveryId: row.id },
        'Publishing failed unexpectedly during the platform call',
      );
      return markUnknown(services, posting);
    }
    services.logger.warn(
      { deliveryId: row.id, platform: row.platform, kind: error.kind, reason: error.reason, status: error.status },
      'Publishing failed',
    );
    if (error.kind === 'unknown') return markUnknown(services, posting);
    if (error.kind === 'transient')
      return retryLater(services, posting, { status: 'ready', error: error.message, retryAt: error.retryAt });
    // A duplicate of a post this delivery itself made on an earlier, unanswered attempt is that post.
    if (error.reason === 'duplicate' && error.existingPost && row.attempts > 0) {
      await meterPublishedPost(services, { platform: row.platform, postId: error.existingPost.postId, run });
      return updateDelivery(services, posting, {
        status: 'posted',
        externalId: error.existingPost.postId,
        url: error.existingPost.url,
        error: null,
        leaseUntil: null,
      });
    }
    return fail(services, posting, error.message);
  }
};

/**
 * Moves one delivery on (issue: deliveries). Posts a ready delivery; reconciles an unknown one against the
 * account's recent posts before posting it again; retries transient errors with backoff; records permanent ones.
 * A platform with no connected account, or no adapter on this server, fails with a message saying so.
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
  if (!platform) return fail(services, row, PUBLISHING_MESSAGES.noAdapter(row.platform));
  try {
    const access = await services.resolveAccess({ userId: row.userId, agentId: row.agentId, platform: row.platform });
    if (access.kind === 'none') return await fail(services, row, PUBLISHING_MESSAGES.notConnected(row.platform));
    if (access.kind === 'unusable') {
      return await (access.retry
        ? retryLater(services, row, { status: row.status === 'unknown' ? 'unknown' : 'ready', error: access.message })
        : fail(services, row, access.message));
    }
    const work = { services, row, run, platform, credentials: access.credentials };
    if (row.status === 'unknown') {
      const reconciled = await reconcile(work);
      if (reconciled) return reconciled;
    }
    // The agent's monthly budget (issue 17 §7): a post that would pass it is not made, and says why.
    const overBudget = await budgetRefusalForPost(services.db, {
      platform: row.platform,
      agentId: row.agentId,
      text: run.postText ?? '',
      prices: services.prices,
      now: services.now(),
    });
    // The AgentBoard's banner says it once; an e-mail for each refused post would say it every interval.
    if (overBudget) return await fail(services, row, overBudget, { notify: false });
    return await post(work);
  } catch (error) {
    // Read back where the delivery got to: after `posting` was committed, the post may exist.
    const [current] = await services.db.select().from(delivery).where(eq(delivery.id, row.id)).limit(1);
    if (!current) return null;
    if (current.status === 'posting') return markUnknown(services, current);
    if (error instanceof PlatformError && error.kind === 'permanent') return fail(services, current, error.message);
    services.logger.warn({ err: error, deliveryId: row.id }, 'Delivery step failed; it will be retried');
    const message = error instanceof Error ? error.message : String(error);
    return retryLater(services, current, {
      status: current.status === 'unknown' ? 'unknown' : 'ready',
      error: message,
      retryAt: error instanceof PlatformError ? error.retryAt : undefined,
    });
  }
};
