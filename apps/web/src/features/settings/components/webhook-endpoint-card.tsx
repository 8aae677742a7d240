import { useState } from 'react';
import type { WebhookEndpoint } from '@agentcast/contracts/webhooks';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ConfirmAction } from '../../../components/ui/confirm-action.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { useDeleteWebhookEndpoint, useSendTestWebhook, useUpdateWebhookEndpoint } from '../api/webhooks-query.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { WebhookSecret } from './webhook-secret.tsx';
import { WebhookStatusBadge } from './webhook-status-badge.tsx';

const StateBadge = ({ endpoint }: { endpoint: WebhookEndpoint }) => {
  if (!endpoint.enabled) return <WebhookStatusBadge tone="off">Disabled</WebhookStatusBadge>;
  if (endpoint.failing_since) return <WebhookStatusBadge tone="bad">Failing</WebhookStatusBadge>;
  return <WebhookStatusBadge tone="good">Enabled</WebhookStatusBadge>;
};

/** One endpoint: where it is, its state and events, its secret, what can be done with it, and its deliveries. */
export const WebhookEndpointCard = ({
  endpoint,
  initialSecret,
}: {
  endpoint: WebhookEndpoint;
  initialSecret?: string;
}) => {
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  const sendTest = useSendTestWebhook(endpoint.id);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = `webhook-deliveries-${endpoint.id}`;
  const error = update.error ?? sendTest.error;
  return (
    <li aria-label={endpoint.url} className="space-y-4 p-4">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-medium break-all text-white">{endpoint.url}</p>
          <StateBadge endpoint={endpoint} />
        </div>
        {endpoint.description && <p className="text-sm text-slate-300">{endpoint.description}</p>}
        <p className="text-xs text-slate-400">
          {`Added ${dateAndTime(endpoint.created_at)}`}
          {endpoint.enabled && endpoint.failing_since && ` · failing since ${dateAndTime(endpoint.failing_since)}`}
          {!endpoint.enabled && endpoint.disabled_at && ` · disabled ${dateAndTime(endpoint.disabled_at)}`}
        </p>
      </div>
      {!endpoint.enabled && endpoint.disabled_reason && <Notice tone="error">{endpoint.disabled_reason}</Notice>}
      <ul aria-label="Events" className="flex flex-wrap gap-2">
        {endpoint.events.map((event) => (
          <li key={event} className="rounded-full bg-ink-700 px-2.5 py-0.5 font-mono text-xs text-slate-200">
            {event}
          </li>
        ))}
      </ul>
      <WebhookSecret
        endpointId={endpoint.id}
        initialSecret={initialSecret}
        previousExpiresAt={endpoint.previous_secret_expires_at}
      />
      {error && <Notice tone="error">{error.message}</Notice>}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={!endpoint.enabled || sendTest.isPending}
          onClick={() => sendTest.mutate(undefined, { onSuccess: () => setShowDeliveries(true) })}
        >
          {sendTest.isPending ? 'Sending...' : 'Send test event'}
        </button>
        <button
          type="button"
          className={buttonClasses('secondary')}
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className={buttonClasses('ghost')}
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? 'Hide deliveries' : 'Show deliveries'}
        </button>
        <span className="text-sm text-slate-200 sm:ml-auto">
          <ConfirmAction
            label="Delete"
            question="Events stop at once, and the delivery log goes too."
            confirmLabel="Delete endpoint"
            pendingLabel="Deleting..."
            isPending={remove.isPending}
            onConfirm={() => remove.mutate()}
            error={remove.error?.message}
          />
        </span>
      </div>
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries && <WebhookDeliveries endpointId={endpoint.id} />}
      </div>
    </li>
  );
};
