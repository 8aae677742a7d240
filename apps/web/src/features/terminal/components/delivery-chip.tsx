import { Link } from 'react-router';
import { canDeleteThroughApi, platformName, PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { Delivery } from '@agentcast/contracts/terminal';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { usePlatformSetUp } from '../../../api/connections.ts';
import { useConnectedNow } from '../api/connected-now.ts';
import { useRemovePost } from '../api/remove-post.ts';
import { RetryControl } from './retry-control.tsx';
import { interactionsLine, metricsLine } from '../../../lib/format-metrics.ts';
import { deliveryLabel, type LabelTone } from '../../../lib/delivery-labels.ts';
import { dateAndTime } from '../../../lib/format-date.ts';

const TONE_STYLE: Record<LabelTone, string> = {
  pending: 'bg-sky-500/10 text-sky-200',
  review: 'bg-violet-500/10 text-violet-200',
  done: 'bg-emerald-500/10 text-emerald-300',
  problem: 'bg-amber-500/10 text-amber-200',
  quiet: 'bg-ink-800 text-slate-300',
};

type DeliveryChipProps = { delivery: Delivery; messageId: string; agentId: string };

/**
 * Where one post went, said in a sentence, with its link and, once the platform was read, how it did there; a post published on a platform can be deleted from it,
 * after confirming (the terminal keeps the entry, marked as deleted) — except where the platform's API cannot delete
 * posts (Instagram): the chip then says where to delete it. A post that failed offers Retry (retry-control.tsx).
 */
export const DeliveryChip = ({ delivery, messageId, agentId }: DeliveryChipProps) => {
  const remove = useRemovePost();
  const name = platformName(delivery.platform);
  const label = deliveryLabel(delivery, usePlatformSetUp());
  const failedUnconnected =
    delivery.status === 'failed' && delivery.error === PUBLISHING_MESSAGES.notConnected(delivery.platform);
  const connectedNow = useConnectedNow(agentId, delivery.platform, failedUnconnected);
  // Connected since: Retry is what is left to do, not Connect.
  const link = failedUnconnected && connectedNow ? undefined : label.link;
  const isPosted = delivery.status === 'posted';
  const canRemove = isPosted && canDeleteThroughApi(delivery.platform);
  const linkClass = 'font-semibold underline underline-offset-2 hover:text-white';
  return (
    <li className={`rounded-lg px-2.5 py-1 ${TONE_STYLE[label.tone]}`}>
      {label.text}
      {delivery.removed_at && ` ${dateAndTime(delivery.removed_at)}`}
      {link && (
        <>
          {' — '}
          {link.external ? (
            <a href={link.href} target="_blank" rel="noreferrer" className={linkClass}>
              {link.label}
            </a>
          ) : (
            <Link to={link.href} className={linkClass}>
              {link.label}
            </Link>
          )}
        </>
      )}
      {isPosted && !canRemove && (
        <span className="text-slate-400">
          {' — '}
          {PUBLISHING_MESSAGES.deleteInApp(delivery.platform)}
        </span>
      )}
      {canRemove && (
        <>
          {' — '}
          <ConfirmAction
            label={`Delete from ${name}`}
            question={`Delete this post from ${name}? It stays here, marked deleted.`}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onConfirm={() => remove.mutate({ messageId, platform: delivery.platform })}
            error={remove.error?.message}
          />
        </>
      )}
      {delivery.status === 'failed' && (
        <RetryControl delivery={delivery} messageId={messageId} connectedNow={connectedNow} />
      )}
      {delivery.metrics && (
        <span className="block text-xs text-slate-300" title={interactionsLine(delivery.metrics.metrics)}>
          {metricsLine(delivery.metrics)}
        </span>
      )}
    </li>
  );
};
