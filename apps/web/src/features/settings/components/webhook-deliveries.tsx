import type { WebhookDelivery, WebhookDeliveryStatus } from '@agentcast/contracts/webhooks';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks-query.ts';
import { WebhookStatusBadge } from './webhook-status-badge.tsx';

const STATUS: Record<WebhookDeliveryStatus, { label: string; tone: 'good' | 'waiting' | 'bad' }> = {
  delivered: { label: 'Delivered', tone: 'good' },
  pending: { label: 'Pending', tone: 'waiting' },
  failed: { label: 'Failed', tone: 'bad' },
};

/** Its state in a word: a pending delivery that was tried already is being retried. */
const statusOf = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' && delivery.attempts > 0
    ? { label: 'Retrying', tone: 'waiting' as const }
    : STATUS[delivery.status];

/** What the receiver said last: its status code, or why there was none. */
const outcomeOf = (delivery: WebhookDelivery) =>
  delivery.response_status !== null ? `HTTP ${delivery.response_status}` : (delivery.error ?? 'Not sent yet');

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const DeliveryRow = ({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) => {
  const resend = useResendWebhookDelivery(endpointId, delivery.id);
  const status = statusOf(delivery);
  return (
    <li aria-label={`${delivery.event_type} ${dateAndTime(delivery.created_at)}`} className="space-y-2 p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <code className="font-semibold text-white">{delivery.event_type}</code>
          <WebhookStatusBadge tone={status.tone}>{status.label}</WebhookStatusBadge>
          <span className="break-words text-slate-200">{outcomeOf(delivery)}</span>
        </div>
        <button
          type="button"
          className={buttonClasses('secondary', 'shrink-0 px-3 py-1.5')}
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Resending...' : 'Resend'}
        </button>
      </div>
      <p className="text-xs text-slate-400">
        {`${dateAndTime(delivery.created_at)} · ${plural(delivery.attempts, 'attempt')}`}
        {delivery.next_attempt_at && ` · next ${dateAndTime(delivery.next_attempt_at)}`}
      </p>
      {resend.error && <Notice tone="error">{resend.error.message}</Notice>}
      <details className="text-xs text-slate-300">
        <summary className="cursor-pointer text-slate-300 hover:text-white">Attempts and payload</summary>
        <ol className="mt-2 space-y-1">
          {delivery.attempt_log.map((attempt) => (
            <li key={attempt.attempted_at} className="break-words">
              {`${dateAndTime(attempt.attempted_at)}: `}
              {attempt.response_status !== null ? `HTTP ${attempt.response_status}` : attempt.error}
              {` in ${attempt.duration_ms} ms`}
              {attempt.response_excerpt && <span className="text-slate-400">{` — ${attempt.response_excerpt}`}</span>}
            </li>
          ))}
        </ol>
        {/* Focusable, so that the keyboard can scroll a long payload. */}
        <pre
          tabIndex={0}
          aria-label="Payload"
          className="mt-2 max-h-48 overflow-auto rounded bg-ink-950 p-2 whitespace-pre-wrap break-all text-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400"
        >
          {JSON.stringify(delivery.payload, null, 2)}
        </pre>
        <p className="mt-1 text-slate-400">
          webhook-id <code>{delivery.message_id}</code>
        </p>
      </details>
    </li>
  );
};

/** An endpoint's delivery log: each event sent, newest first, with its outcome and a Resend. */
export const WebhookDeliveries = ({ endpointId }: { endpointId: string }) => {
  const log = useWebhookDeliveries(endpointId);
  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];
  return (
    <div className="space-y-2">
      {log.isPending && <p className="text-sm text-slate-400">Loading deliveries...</p>}
      {log.isError && <Notice tone="error">{`Failed to load the deliveries: ${log.error.message}`}</Notice>}
      {log.data &&
        (deliveries.length === 0 ? (
          <p className="text-sm text-slate-400">No events sent yet. Send a test event to try the endpoint.</p>
        ) : (
          <ul aria-label="Deliveries" className="divide-y divide-ink-700 rounded-lg border border-ink-700">
            {deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </ul>
        ))}
      {log.hasNextPage && (
        <button
          type="button"
          className={buttonClasses('ghost')}
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Show older deliveries'}
        </button>
      )}
    </div>
  );
};
