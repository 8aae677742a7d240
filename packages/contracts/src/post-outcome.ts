// Where a post stands on each platform, in one place for every screen (issue 41 §1): the trigger's banner and
// progress, Review, the Calendar and the Terminal all derive what they say from the same delivery states, so no
// screen can call a post published that another shows as failed. Schema-free, for the AgentBoard's first load.
import type { Delivery, DeliveryStatus } from './terminal.ts';
import { platformName, PUBLISHING_MESSAGES } from './publishing-constants.ts';

/**
 * What a delivery's status means to a person: `published` (live, with its link), `going_out` (planned, being
 * written, waiting for its time or a retry, being sent), `not_posted` (failed for good, or never attempted),
 * `unknown` (sent, the platform did not answer, being checked), `draft` (awaiting review), `rejected`, `removed`.
 */
export type PostState = 'published' | 'going_out' | 'not_posted' | 'unknown' | 'draft' | 'rejected' | 'removed';

const STATE: Record<DeliveryStatus, PostState> = {
  planned: 'going_out',
  generating: 'going_out',
  ready: 'going_out',
  posting: 'going_out',
  posted: 'published',
  failed: 'not_posted',
  skipped: 'not_posted',
  unknown: 'unknown',
  awaiting_review: 'draft',
  rejected: 'rejected',
  // Never published: its planned time passed before every approval was given.
  expired: 'not_posted',
  removed: 'removed',
};

/**
 * A post whose answer was lost on a platform that cannot be asked about it (Telegram, Discord): the delivery stopped
 * as failed so nothing resends it, but the post may well be out. It reads as `unknown` until the person looks.
 */
export const isLeftToPersonToCheck = (
  delivery: Pick<Delivery, 'status'> & Partial<Pick<Delivery, 'platform' | 'error'>>,
) =>
  delivery.status === 'failed' &&
  delivery.platform !== undefined &&
  delivery.error === PUBLISHING_MESSAGES.unknownOutcomeToCheck(delivery.platform);

export const postState = (
  delivery: Pick<Delivery, 'status'> & Partial<Pick<Delivery, 'platform' | 'error'>>,
): PostState => (isLeftToPersonToCheck(delivery) ? 'unknown' : STATE[delivery.status]);

/** The deliveries to social platforms: the terminal's own is the entry itself. */
export const platformDeliveries = <Item extends Pick<Delivery, 'platform'>>(deliveries: readonly Item[]) =>
  deliveries.filter((delivery) => delivery.platform !== 'terminal');

/**
 * Why a delivery did not post, as a short clause: "X is not connected", "X is not set up on this server", or the
 * platform's own reason.
 */
export const notPostedReason = (delivery: Pick<Delivery, 'platform' | 'error'>) => {
  const name = platformName(delivery.platform);
  if (delivery.error === PUBLISHING_MESSAGES.notConnected(delivery.platform)) return `${name} is not connected`;
  if (delivery.error === PUBLISHING_MESSAGES.noAdapter(delivery.platform))
    return `${name} is not set up on this server`;
  if (!delivery.error) return `${name} did not take it`;
  return `${name}: ${delivery.error.replace(/^Not published: /, '')}`;
};

const names = (deliveries: readonly Pick<Delivery, 'platform'>[]) => {
  const list = deliveries.map((delivery) => platformName(delivery.platform));
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

/** Whether a run's post reached, or is on its way to, any platform besides the Terminal. */
export const wentOutAnywhere = (deliveries: readonly Pick<Delivery, 'platform' | 'status'>[]) =>
  platformDeliveries(deliveries).some((delivery) =>
    ['published', 'going_out', 'unknown'].includes(postState(delivery)),
  );

/**
 * Where a run's post went, for the end of a sentence about it: "posted to X", "going out to X and LinkedIn",
 * "shown in the Terminal only: X is not connected", or a mix ("posted to X; not posted to LinkedIn: …").
 */
export const whereItWent = (deliveries: readonly Pick<Delivery, 'platform' | 'status' | 'error'>[]) => {
  const platforms = platformDeliveries(deliveries);
  const inState = (state: PostState) => platforms.filter((delivery) => postState(delivery) === state);
  const failed = inState('not_posted');
  const reasons = failed.map(notPostedReason).join('; ');
  const toCheck = inState('unknown').filter(isLeftToPersonToCheck);
  const checking = inState('unknown').filter((delivery) => !isLeftToPersonToCheck(delivery));
  if (!wentOutAnywhere(deliveries))
    return failed.length > 0 ? `shown in the Terminal only: ${reasons}` : 'shown in the Terminal';
  const parts = [
    inState('published').length > 0 && `posted to ${names(inState('published'))}`,
    inState('going_out').length > 0 && `going out to ${names(inState('going_out'))}`,
    checking.length > 0 && `checking whether ${names(checking)} got it`,
    toCheck.length > 0 && `${names(toCheck)} did not answer: look there before choosing "Post again"`,
    failed.length > 0 && `not posted to ${names(failed)}: ${reasons}`,
  ];
  return parts.filter(Boolean).join('; ');
};
