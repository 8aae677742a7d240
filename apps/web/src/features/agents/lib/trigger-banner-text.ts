import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts-constants';
import { whereItWent } from '@agentcast/contracts/post-outcome';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { splitMedia, TERMINAL_MESSAGES } from '@agentcast/contracts/terminal-constants';

/** Long posts are cut for the banner; the Terminal tab shows them whole. */
const BANNER_TEXT_LIMIT = 280;
const forBanner = (content: string) => {
  const { text } = splitMedia(content);
  return text.length > BANNER_TEXT_LIMIT ? `${text.slice(0, BANNER_TEXT_LIMIT - 1)}…` : text;
};

/**
 * Spec §4's success banner for the agent's latest terminal message, saying where the post went (issue 41 §1): a
 * draft (review on) awaits review (issue 15 §7); otherwise "posted to X", "going out to X", or, when no platform took
 * it, "shown in the Terminal only: X is not connected". Nobody takes a post for published that is not.
 */
export const triggerSuccessText = (latest: TerminalMessage | null) => {
  const text = latest ? forBanner(latest.tweet_content) : '';
  const isDraft = latest?.deliveries.some((delivery) => delivery.status === 'awaiting_review') ?? false;
  if (isDraft) return TERMINAL_MESSAGES.triggered(DRAFT_MESSAGES.triggeredForReview(text));
  return TERMINAL_MESSAGES.triggered(latest ? `${text} — ${whereItWent(latest.deliveries)}` : text);
};
