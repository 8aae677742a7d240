import { PATHS } from '@agentcast/contracts/paths';
import { isLeftToPersonToCheck, notPostedReason, postState, type PostState } from '@agentcast/contracts/post-outcome';
import { platformName, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import type { Delivery, TerminalMessage } from '@agentcast/contracts/terminal';

export type LabelTone = 'pending' | 'review' | 'done' | 'problem' | 'quiet';

/** What a person reads about one delivery: a sentence, where it links, and how it looks. */
export type DeliveryLabel = {
  text: string;
  tone: LabelTone;
  link?: { href: string; label: string; external: boolean };
};

// One tone per state of contracts' postState, so every screen colours a post's state alike.
const TONE: Record<PostState, LabelTone> = {
  going_out: 'pending',
  draft: 'review',
  published: 'done',
  not_posted: 'problem',
  unknown: 'problem',
  rejected: 'quiet',
  removed: 'quiet',
};

/**
 * What a person reads about a delivery that is an X thread (issue 17 §4): how many posts it has once out, how far it
 * got while it goes out part by part, and the reason when it stopped partway. Undefined for a single post, and for a
 * thread that waits or failed before any of its posts went out, which reads like one.
 */
const threadDeliveryLabel = (delivery: Delivery, tone: LabelTone): DeliveryLabel | undefined => {
  const { thread_length: length, thread_posted: posted = 0 } = delivery;
  if (length === undefined || length < 2) return undefined;
  const name = platformName(delivery.platform);
  // The link of a thread is its first post's.
  const link = delivery.url ? { href: delivery.url, label: `View on ${name}`, external: true } : undefined;
  const progress = `Posting thread to ${name} · ${posted} of ${length} posted`;
  switch (delivery.status) {
    case 'posted':
      return { text: `Posted to ${name} · Thread · ${length} posts`, tone, link };
    case 'posting':
      return { text: progress, tone, link };
    case 'unknown':
      return { text: `Checking whether ${name} got post ${posted + 1} of ${length} of the thread`, tone, link };
    case 'ready':
      if (posted === 0) return undefined;
      // The server's reason already says how far the thread got ("The thread stopped after 1 of its 3 posts: …").
      return { text: delivery.error ? `${delivery.error} Trying again.` : progress, tone, link };
    case 'failed':
      if (posted === 0) return undefined;
      return { text: delivery.error ?? `The thread stopped after ${posted} of its ${length} posts.`, tone, link };
    default:
      return undefined;
  }
};

/**
 * Plain sentences instead of the internal status names. A failure for want of a connected account offers the way
 * to connect one (the Agent builder page) — or, where `isSetUp` says this server has no app for the platform, says
 * that its operator has not set it up, since nobody could connect it there; other failures say the server's reason.
 * An X thread says its posts.
 */
export const deliveryLabel = (
  delivery: Delivery,
  isSetUp: (platform: string) => boolean | undefined = () => undefined,
): DeliveryLabel => {
  const name = platformName(delivery.platform);
  const tone = TONE[postState(delivery)];
  const thread = threadDeliveryLabel(delivery, tone);
  if (thread) return thread;
  switch (delivery.status) {
    case 'posted':
      return {
        text: `Posted to ${name}`,
        tone,
        link: delivery.url ? { href: delivery.url, label: `View on ${name}`, external: true } : undefined,
      };
    case 'removed':
      return { text: `Deleted from ${name}`, tone };
    case 'awaiting_review':
      return { text: 'Awaiting review', tone };
    case 'rejected':
      return { text: 'Rejected in review', tone };
    case 'expired':
      return { text: 'Expired before it was approved', tone };
    case 'posting':
      return { text: `Posting to ${name}…`, tone };
    case 'unknown':
      return { text: `Checking whether ${name} got the post`, tone };
    case 'skipped':
      return { text: `Not posted to ${name}`, tone };
    case 'failed':
      // It may well be out: the platform's own sentence says to look there first.
      if (isLeftToPersonToCheck(delivery)) return { text: delivery.error ?? '', tone };
      if (
        delivery.error === PUBLISHING_MESSAGES.notConnected(delivery.platform) &&
        isSetUp(delivery.platform) === false
      )
        return {
          text: `Not posted: no ${name} account connected. ${PUBLISHING_MESSAGES.notSetUpByOperator(delivery.platform)}`,
          tone,
        };
      if (delivery.error === PUBLISHING_MESSAGES.notConnected(delivery.platform))
        return {
          text: `Not posted: no ${name} account connected`,
          tone,
          link: { href: PATHS.agentBuilder, label: `Connect ${name}`, external: false },
        };
      if (delivery.error === PUBLISHING_MESSAGES.noAdapter(delivery.platform))
        return { text: `Not posted: ${notPostedReason(delivery)}. Ask the operator of this server.`, tone };
      return { text: delivery.error ? `Not posted to ${name}: ${delivery.error}` : `Not posted to ${name}`, tone };
    default:
      // planned, generating, ready: on its way, perhaps waiting for a retry or an approved draft's time.
      return { text: `Waiting to post to ${name}`, tone };
  }
};

const TRIGGER_LABEL: Record<TerminalMessage['trigger'], string> = {
  manual: 'Triggered by you',
  schedule: 'Ran as scheduled',
  reply: 'Reply',
  composed: 'Written by you',
};
export const triggerLabel = (trigger: TerminalMessage['trigger']) => TRIGGER_LABEL[trigger];

/** Who wrote it: the offline writer is named for what it means to the reader, a model by its name. */
export const writerLabel = (message: Pick<TerminalMessage, 'is_offline' | 'model' | 'trigger'>) => {
  if (message.trigger === 'composed') return null;
  if (message.is_offline) return 'Written offline';
  return message.model ? `Written by ${message.model}` : null;
};
