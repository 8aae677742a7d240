import type { PostingPlatform } from '@agentcast/contracts/connections';
import { platformName } from '@agentcast/contracts/publishing-constants';
import type { Delivery } from '@agentcast/contracts/terminal';
import { useRetryPost } from '../api/retry-post.ts';
import { retryOffer, type ConnectedNow } from '../lib/retry-offer.ts';

type RetryControlProps = { delivery: Delivery; messageId: string; connectedNow: ConnectedNow };

/**
 * "Retry" on a failed delivery (see retryOffer for when), or the sentence saying what must come first. The server
 * refuses what it cannot send again (already going out, published meanwhile) with a sentence shown here.
 */
export const RetryControl = ({ delivery, messageId, connectedNow }: RetryControlProps) => {
  const retry = useRetryPost();
  const offer = retryOffer(delivery, connectedNow);
  if (!offer) return null;
  // A delivery of a post other than the terminal's own is to a posting platform (the server checks it again).
  const platform = delivery.platform as PostingPlatform;
  if (offer.kind === 'note') return <span className="block text-slate-400">{offer.text}</span>;
  const name = platformName(platform);
  const [label, pending, named] =
    offer.kind === 'post-again'
      ? ['Post again', 'Posting…', `Post again to ${name}`]
      : ['Retry', 'Retrying…', `Retry posting to ${name}`];
  return (
    <>
      {' — '}
      <button
        type="button"
        className="font-semibold underline underline-offset-2 hover:text-white disabled:opacity-60"
        aria-label={retry.isPending ? undefined : named}
        disabled={retry.isPending}
        onClick={() => retry.mutate({ messageId, platform })}
      >
        {retry.isPending ? pending : label}
      </button>
      {retry.error && (
        <span role="alert" className="block text-red-300">
          {retry.error.message}
        </span>
      )}
    </>
  );
};
