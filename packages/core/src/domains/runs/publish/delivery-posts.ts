import { textForPlatform } from '@agentcast/contracts/platform-text';
import { isThreadPlatform, platformThreadPosts } from '@agentcast/contracts/platform-thread';
import type { PostMeasure } from '@agentcast/contracts/x-thread';
import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';

/**
 * The posts a delivery makes, in order: its text as one post, or on a thread platform (X, Bluesky, Mastodon,
 * Farcaster), when the text is longer than one post there (only an agent that allows threads writes or accepts such
 * a text), the thread's numbered parts split at sentence ends, or on X where a person chose. A reply is always one
 * post. The split points a person chose are offsets in the run's common text: an X text of its own is split at its
 * sentence ends. `measure` is the account's own limit where its server sets one (a Mastodon instance's).
 */
export const deliveryPosts = (
  row: Pick<DeliveryRow, 'platform'>,
  run: Pick<AgentRunRow, 'postText' | 'platformTexts' | 'threadBreaks' | 'kind'>,
  measure?: PostMeasure,
) => {
  const text = textForPlatform(row.platform, run.postText, run.platformTexts);
  if (!isThreadPlatform(row.platform) || run.kind === 'reply') return [text];
  const breaks = row.platform === 'x' && run.platformTexts[row.platform] === undefined ? run.threadBreaks : null;
  return platformThreadPosts(row.platform, text, breaks, measure);
};
