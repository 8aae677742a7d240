import { platformName, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import { isLeftToPersonToCheck } from '@agentcast/contracts/post-outcome';
import type { Delivery } from '@agentcast/contracts/terminal';

/** Whether the platform is connected for the entry's agent now: undefined while that is being read. */
export type ConnectedNow = boolean | undefined;

/** What a delivery offers about sending it again: the Retry button, a sentence saying what comes first, or nothing. */
export type RetryOffer = { kind: 'retry' } | { kind: 'post-again' } | { kind: 'note'; text: string } | null;

/** Failures a retry cannot change: the server cannot publish there, or the post lacks the medium it needs. */
const isBeyondRetry = (delivery: Delivery) =>
  delivery.error === PUBLISHING_MESSAGES.noAdapter(delivery.platform) ||
  delivery.error === PUBLISHING_MESSAGES.needsMedia(delivery.platform, 'video') ||
  delivery.error === PUBLISHING_MESSAGES.needsMedia(delivery.platform, 'image-or-video');

/**
 * Retry is offered for a post that failed to reach a platform: the platform's refusal, its errors after the
 * automatic retries, a budget since raised. A post that failed for want of a connected account is offered it once
 * the account is connected (until then the entry says so, beside its "Connect" link); failures a retry cannot change
 * (the server has no way to publish there, the post lacks the medium the platform needs) are not. Anything but
 * `failed` (published, going out, a draft) has nothing to retry. A post whose platform did not answer and cannot be
 * asked (Telegram, Discord) offers "Post again": the person has looked and found it missing.
 */
export const retryOffer = (delivery: Delivery, connectedNow: ConnectedNow): RetryOffer => {
  if (delivery.status !== 'failed' || isBeyondRetry(delivery)) return null;
  if (isLeftToPersonToCheck(delivery)) return { kind: 'post-again' };
  if (delivery.error !== PUBLISHING_MESSAGES.notConnected(delivery.platform)) return { kind: 'retry' };
  if (connectedNow === true) return { kind: 'retry' };
  if (connectedNow === false)
    return { kind: 'note', text: `Retry is offered here once ${platformName(delivery.platform)} is connected.` };
  return null;
};
