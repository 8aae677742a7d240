import { useState } from 'react';
import type { CreatedWebhookEndpoint } from '@agentcast/contracts/webhooks';
import { Notice } from '../../../components/ui/notice.tsx';
import { useWebhookEndpoints } from '../api/webhooks-query.ts';
import { SettingsSection } from './account-sections.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';
import { WebhookEndpointForm } from './webhook-endpoint-form.tsx';

/**
 * Settings → Webhooks (issue 18 §3): URLs that receive the account's events as signed POSTs. A new endpoint shows
 * its secret at once; any endpoint's secret can be revealed again, rotated, and its deliveries watched and resent.
 */
export const WebhooksSection = () => {
  const endpoints = useWebhookEndpoints();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      description={
        <>
          Agentcast sends your events to these URLs as they happen, signed per{' '}
          <a href="https://www.standardwebhooks.com" className="text-brand-300 underline hover:text-brand-200">
            Standard Webhooks
          </a>
          . A delivery that fails is retried for 24 hours; an endpoint that fails for 24 hours is disabled and you get
          an e-mail.
        </>
      }
    >
      <WebhookEndpointForm onCreated={setCreated} />
      {endpoints.isPending && <p className="text-slate-400">Loading your endpoints...</p>}
      {endpoints.isError && <Notice tone="error">{`Failed to load your endpoints: ${endpoints.error.message}`}</Notice>}
      {endpoints.data &&
        (endpoints.data.endpoints.length === 0 ? (
          <p className="text-sm text-slate-400">No endpoints yet.</p>
        ) : (
          <ul aria-label="Webhook endpoints" className="divide-y divide-ink-700 rounded-lg border border-ink-700">
            {endpoints.data.endpoints.map((endpoint) => (
              <WebhookEndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                initialSecret={created?.endpoint.id === endpoint.id ? created.secret : undefined}
              />
            ))}
          </ul>
        ))}
    </SettingsSection>
  );
};
