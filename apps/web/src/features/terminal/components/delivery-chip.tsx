import { platformName } from '@agentcast/contracts/publishing';
import type { Delivery, DeliveryStatus } from '@agentcast/contracts/terminal';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { useRemovePost } from '../api/remove-post.ts';

const PENDING = 'border-sky-500/40 text-sky-200';
const STATUS_STYLE: Record<DeliveryStatus, string> = {
  planned: PENDING,
  generating: PENDING,
  awaiting_review: 'border-violet-500/40 text-violet-200',
  ready: PENDING,
  posting: PENDING,
  posted: 'border-emerald-500/40 text-emerald-300',
  failed: 'border-red-500/40 text-red-300',
  unknown: 'border-amber-500/40 text-amber-200',
  skipped: 'border-amber-500/40 text-amber-200',
  rejected: 'border-slate-500/40 text-slate-300',
  removed: 'border-slate-500/40 text-slate-300',
};

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type DeliveryChipProps = { delivery: Delivery; messageId: string; agentId: string };

/**
 * Where one post went, with its link; a post published on a platform can be deleted from it, after confirming
 * (the terminal keeps the entry, marked as deleted).
 */
export const DeliveryChip = ({ delivery, messageId, agentId }: DeliveryChipProps) => {
  const remove = useRemovePost(agentId);
  const name = platformName(delivery.platform);
  const canRemove = delivery.status === 'posted' && delivery.platform !== 'terminal';
  return (
    <li className={`rounded border px-2 py-0.5 ${STATUS_STYLE[delivery.status]}`}>
      {name}: {delivery.status === 'removed' ? 'deleted' : delivery.status}
      {delivery.url && delivery.status !== 'removed' && (
        <>
          {' — '}
          <a href={delivery.url} target="_blank" rel="noreferrer" className="underline">
            view post
          </a>
        </>
      )}
      {delivery.removed_at && ` ${formatTime(delivery.removed_at)}`}
      {delivery.error ? ` — ${delivery.error}` : ''}
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
    </li>
  );
};
