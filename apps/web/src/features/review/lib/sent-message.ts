import { describePlannedTime } from './planned-time.ts';

/** Post now, Schedule, or Save as draft. */
export type SendKind = 'now' | 'schedule' | 'draft';

/** What the Review tab says once the server took a written post: where it went, or that it waits for approval. */
export const sentMessage = (kind: SendKind, agentName: string, at: Date | undefined) => {
  const when = at && describePlannedTime(at.toISOString()).when;
  if (kind === 'draft')
    return `Saved as a draft: ${agentName}'s post waits below for your approval${when ? `, planned for ${when}` : ''}.`;
  return when
    ? `Scheduled: ${agentName}'s post goes out ${when}.`
    : `Posted: ${agentName}'s post is on its way. Follow it in the Terminal.`;
};
