import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts-constants';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import { splitMedia, TERMINAL_MESSAGES } from '@agentcast/contracts/terminal-constants';

/** Long posts are cut for the banner; the Terminal tab shows them whole. */
const BANNER_TEXT_LIMIT = 280;
const forBanner = (content: string) => {
  const { text } = splitMedia(content);
  return text.length > BANNER_TEXT_LIMIT ? `${text.slice(0, BANNER_TEXT_LIMIT - 1)}…` : text;
};

/**
 * Spec §4's success banner for the agent's latest terminal message. A draft (review on) says it awaits review, so
 * nobody takes it for a published post (issue 15 §7).
 */
export const triggerSuccessText = (latest: TerminalMessage | null) => {
  const text = latest ? forBanner(latest.tweet_content) : '';
  const isDraft = latest?.deliveries.some((delivery) => delivery.status === 'awaiting_review') ?? false;
  return TERMINAL_MESSAGES.triggered(isDraft ? DRAFT_MESSAGES.triggeredForReview(text) : text);
};
