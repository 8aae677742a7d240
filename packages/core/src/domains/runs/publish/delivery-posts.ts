import { textForPlatform } from '@agentcast/contracts/platform-text';
import { effectiveThreadBreaks, isThreadText, threadPosts } from '@agentcast/contracts/x-thread';
import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';

/**
 * The posts a delivery makes, in order: its text as one post, or on X, when the text is longer than one X post
 * (only an agent that allows threads writes or accepts such a text), the thread's numbered parts split where a
 * person chose or at sentence ends. A reply is always one post. The split points a person chose are offsets in the
 * run's common text: an X text of its own is split at its sentence ends.
 */
export const deliveryPosts = (
  row: Pick<DeliveryRow, 'platform'>,
  run: Pick<AgentRunRow, 'postText' | 'platformTexts' | 'threadBreaks' | 'kind'>,
) => {
  const text = textForPlatform(row.platform, run.postText, run.platformTexts);
  if (row.platform !== 'x' || run.kind === 'reply' || !isThreadText(text)) return [text];
  const breaks = run.platformTexts[row.platform] === undefined ? run.threadBreaks : null;
  return threadPosts(text, effectiveThreadBreaks(text, breaks));
};
