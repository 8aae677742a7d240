import { effectiveThreadBreaks, isThreadText, threadPosts } from '@agentcast/contracts/x-thread';
import type { AgentRunRow, DeliveryRow } from '@agentcast/db/schema/runs';

/**
 * The posts a delivery makes, in order: the run's text as one post, or on X, when the text is longer than one X
 * post (only an agent that allows threads writes or accepts such a text), the thread's numbered parts split where
 * a person chose or at sentence ends. A reply is always one post.
 */
export const deliveryPosts = (
  row: Pick<DeliveryRow, 'platform'>,
  run: Pick<AgentRunRow, 'postText' | 'threadBreaks' | 'kind'>,
) => {
  const text = run.postText ?? '';
  if (row.platform !== 'x' || run.kind === 'reply' || !isThreadText(text)) return [text];
  return threadPosts(text, effectiveThreadBreaks(text, run.threadBreaks));
};
