import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAUTH_CALLBACK_MESSAGES, type PlatformConnection } from '@agentcast/contracts/connections';
import { readOAuthRound, rememberOAuthRound } from '../../../lib/oauth/oauth-storage.ts';
import { scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { completeOAuthCallback } from './complete-oauth-callback.ts';

const CONNECTION: PlatformConnection = {
  id: '0b6f3f4e-4c59-4c1b-9d8e-2f1a5c3d7e90',
  platform: 'linkedin',
  agent_id: null,
  pending: false,
  account_id: 'urn:li:person:abc',
  display_name: 'Ada Lovelace',
  handle: null,
  service_url: null,
  reconnect_reason: null,
  scopes: [],
  expires_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('completeOAuthCallback (spec §5, in order)', () => {
  it('needs linkedin, instagram, youtube or x as the second path segment', async () => {
    expect(await completeOAuthCallback('/auth/myspace/callback', '?code=c&state=s')).toMatchObject({
      status: 'error',
      message: 'Could not determine platform from callback URL.',
    });
  });

  it('raises the provider’s error description, or "OAuth error: {code}" without one', async () => {
    expect(
      await completeOAuthCallback(
        '/auth/linkedin/callback',
        '?error=access_denied&error_description=The+user+cancelled+LinkedIn+login&state=s',
      ),
    ).toMatchObject({
      status: 'error',
      platform: 'linkedin',
      message: 'The user cancelled LinkedIn login',
      details: 'Error code: access_denied',
    });
    expect(await completeOAuthCallback('/auth/x/callback', '?error=server_error')).toMatchObject({
      message: 'OAuth error: server_error',
    });
  });

  it('needs a code', async () => {
    expect(await completeOAuthCallback('/auth/youtube/callback', '?state=s')).toMatchObject({
      message: 'No authorization code received',
    });
  });

  it('refuses a state that differs from the one stored for that platform, and spends the stored one', async () => {
    rememberOAuthRound({ platform: 'linkedin', state: 'the-real-state', action: 'agent_builder' });
    const { fetchStub, calls } = scriptedFetch();
    vi.stubGlobal('fetch', fetchStub);
    expect(await completeOAuthCallback('/auth/linkedin/callback', '?code=c&state=forged')).toMatchObject({
      message: 'Invalid state parameter',
    });
    expect(readOAuthRound('linkedin').state).toBeNull();
    expect(calls).toHaveLength(0);
    // Another platform's state does not count either.
    rememberOAuthRound({ platform: 'x', state: 'x-state', action: 'agent_builder' });
    expect(await completeOAuthCallback('/auth/linkedin/callback', '?code=c&state=x-state')).toMatchObject({
      message: OAUTH_CALLBACK_MESSAGES.invalidState,
    });
  });

  it('exchanges on the server and, on success, clears the stored state and agent id', async () => {
    rememberOAuthRound({ platform: 'linkedin', state: 'st', agentId: 'agent-1', action: 'edit_agent' });
    const { fetchStub, calls } = scriptedFetch({
      status: 200,
      body: { success: true, connection: CONNECTION, agent_name: 'Market Pulse' },
    });
    vi.stubGlobal('fetch', fetchStub);

    const outcome = await completeOAuthCallback('/auth/linkedin/callback', '?code=the-code&state=st');
    expect(calls).toEqual([
      {
        url: '/api/oauth/exchange',
        body: {
          platform: 'linkedin',
          code: 'the-code',
          state: 'st',
          redirect_uri: `${window.location.origin}/auth/linkedin/callback`,
        },
      },
    ]);
    expect(outcome).toMatchObject({
      status: 'success',
      platform: 'linkedin',
      agentId: 'agent-1',
      action: 'edit_agent',
      answer: { agent_name: 'Market Pulse' },
    });
    expect(readOAuthRound('linkedin')).toEqual({ state: null, agentId: null, action: null });
  });

  it('raises "Failed to exchange authorization code" with the server’s reason, or without success', async () => {
    rememberOAuthRound({ platform: 'x', state: 'st', action: 'agent_builder' });
    vi.stubGlobal(
      'fetch',
      scriptedFetch({
        status: 502,
        body: {
          code: 'UPSTREAM_FAILED',
          message: 'Failed to exchange authorization code: X answered 400: invalid_grant',
        },
      }).fetchStub,
    );
    expect(await completeOAuthCallback('/auth/x/callback', '?code=c&state=st')).toMatchObject({
      message: 'Failed to exchange authorization code',
      details: 'Failed to exchange authorization code: X answered 400: invalid_grant',
    });

    rememberOAuthRound({ platform: 'x', state: 'st', action: 'agent_builder' });
    vi.stubGlobal('fetch', scriptedFetch({ status: 200, body: { success: false } }).fetchStub);
    expect(await completeOAuthCallback('/auth/x/callback', '?code=c&state=st')).toMatchObject({
      message: 'Failed to exchange authorization code',
    });
  });

  it('says "Invalid state parameter" when the server refuses the state (expired, used, or another user’s)', async () => {
    rememberOAuthRound({ platform: 'instagram', state: 'st', action: 'agent_builder' });
    vi.stubGlobal(
      'fetch',
      scriptedFetch({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid state parameter',
          fieldErrors: { state: ['Start connecting again.'] },
        },
      }).fetchStub,
    );
    expect(await completeOAuthCallback('/auth/instagram/callback', '?code=c&state=st')).toMatchObject({
      message: 'Invalid state parameter',
      details: 'Start connecting again.',
    });
  });
});
