import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookEndpoint } from '@agentcast/contracts/webhooks';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { WebhookEndpointCard } from './webhook-endpoint-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const endpoint: WebhookEndpoint = {
  id: '7d3f6c52-3c1e-4f7a-9a57-2b0c1f0e9a11',
  url: 'https://example.com/hooks',
  description: '',
  events: ['post.published'],
  enabled: true,
  disabled_at: null,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-01-05T10:00:00.000Z',
};

describe('WebhookEndpointCard', () => {
  it('shows the server’s message when test events are sent faster than the limit', async () => {
    const message = `${WEBHOOK_MESSAGES.tooManyTests} Please try again in 1 minute.`;
    const { fetchStub, calls } = scriptedFetch({ status: 429, body: { code: 'RATE_LIMITED', message } });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <ul>
        <WebhookEndpointCard endpoint={endpoint} />
      </ul>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Send test event' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toEqual([{ url: `/api/webhooks/${endpoint.id}/test`, body: undefined }]);
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeEnabled();
  });
});
