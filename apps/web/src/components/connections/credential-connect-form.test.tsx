import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, scriptedFetch } from '../../testing/render-with-providers.tsx';
import { CredentialConnectForm } from './credential-connect-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const REFUSED =
  'Bluesky did not accept this handle and app password. Check both, or make a new app password (Settings → Privacy and security → App passwords).';

describe('the Connect form of a platform connected with credentials', () => {
  it('connects on Enter in a field, for the agent it belongs to, and shows what Bluesky refused beside the field', async () => {
    const { fetchStub, calls } = scriptedFetch({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: REFUSED, fieldErrors: { app_password: [REFUSED] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <CredentialConnectForm platform="bluesky" agentId="a1" onConnected={vi.fn()} onCancel={vi.fn()} />,
    );

    await userEvent.type(screen.getByLabelText('Handle'), 'ada.bsky.social');
    await userEvent.type(screen.getByLabelText('App password'), 'abcd-efgh-ijkl-mnop{Enter}');
    expect(await screen.findByText(REFUSED)).toBeVisible();
    expect(screen.getByLabelText('App password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([
      {
        url: '/api/connections/credentials',
        body: { platform: 'bluesky', handle: 'ada.bsky.social', app_password: 'abcd-efgh-ijkl-mnop', agentId: 'a1' },
      },
    ]);
  });

  it('asks Telegram for a bot token and a channel, sends them for the user’s own account, and names the refused field', async () => {
    const refused =
      '@agent_bot is not an administrator of “News”: add it as an administrator allowed to post messages.';
    const { fetchStub, calls } = scriptedFetch({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: refused, fieldErrors: { chat: [refused] } },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<CredentialConnectForm platform="telegram" onConnected={vi.fn()} onCancel={vi.fn()} />);

    expect(screen.getByRole('group', { name: 'Connect Telegram' })).toBeVisible();
    expect(screen.getByLabelText('Bot token')).toHaveAttribute('type', 'password');
    await userEvent.type(screen.getByLabelText('Bot token'), '123456:ABC-def');
    await userEvent.type(screen.getByLabelText('Channel or group'), '@news');
    await userEvent.click(screen.getByRole('button', { name: 'Connect Telegram' }));
    expect(await screen.findByText(refused)).toBeVisible();
    expect(screen.getByLabelText('Channel or group')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([
      {
        url: '/api/connections/credentials',
        body: { platform: 'telegram', bot_token: '123456:ABC-def', chat: '@news' },
      },
    ]);
  });

  it('Enter on Cancel cancels: nothing is sent', async () => {
    const { fetchStub, calls } = scriptedFetch();
    vi.stubGlobal('fetch', fetchStub);
    const onCancel = vi.fn();
    renderWithProviders(
      <CredentialConnectForm platform="bluesky" newAgent onConnected={vi.fn()} onCancel={onCancel} />,
    );

    screen.getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });
});
