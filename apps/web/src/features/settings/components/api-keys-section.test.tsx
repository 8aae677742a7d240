import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES } from '@agentcast/contracts/api-keys';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { ApiKeysSection } from './api-keys-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('ApiKeysSection', () => {
  it('shows the server’s refusal when the account already holds as many keys as it may', async () => {
    const { fetchStub, calls } = scriptedFetch(
      { status: 200, body: { api_keys: [] } },
      { status: 409, body: { code: 'CONFLICT', message: API_KEY_MESSAGES.tooManyKeys } },
    );
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<ApiKeysSection />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Key name'), 'One more');
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(API_KEY_MESSAGES.tooManyKeys);
    expect(calls.at(-1)).toEqual({
      url: '/api/account/api-keys',
      body: { name: 'One more', scope: 'read', expires_in_days: 90 },
    });
  });
});
