import { describe, expect, it } from 'vitest';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { EARLY_API_PATHS } from './early-requests.ts';
import { planFor, PRERENDERED_APP_PATHS } from './page-plan.ts';

describe('the requests main.tsx sends before React renders', () => {
  it('ask the same addresses as the queries they stand in for', () => {
    expect(EARLY_API_PATHS.session).toBe(authRoutes.getSession.path);
    expect(EARLY_API_PATHS.walletState).toBe(walletRoutes.status.path);
  });

  it('are the session and the wallet state on the gated pages, the session alone on /login and /settings', () => {
    expect(planFor(PATHS.dashboard)).toMatchObject({ needsSession: true, needsWalletState: true });
    expect(planFor(PATHS.agentBuilder)).toMatchObject({ needsSession: true, needsWalletState: true });
    expect(planFor(PATHS.settings)).toMatchObject({ needsSession: true, needsWalletState: false });
    expect(planFor(PATHS.login)).toMatchObject({ needsSession: true, needsWalletState: false });
    expect(planFor(PATHS.home)).toMatchObject({ needsSession: false, needsWalletState: false });
  });

  it('load every layout above a page with the page itself', () => {
    expect(planFor(PATHS.dashboard).modules).toEqual(['session', 'signedIn', 'dashboard']);
    expect(planFor(PATHS.login).modules).toEqual(['session', 'login']);
    expect(planFor('/auth/linkedin/callback').modules).toEqual(['oauthCallback']);
    expect(planFor('/no/such/page').modules).toEqual([]);
  });

  it('mark as prerendered exactly the pages the build prerenders', () => {
    const prerendered = [PATHS.login, ...LEGAL_PAGES.map((page) => page.path)];
    expect([...PRERENDERED_APP_PATHS].sort()).toEqual([...prerendered].sort());
    for (const path of prerendered) expect(planFor(path).isPrerendered).toBe(true);
    expect(planFor(PATHS.dashboard).isPrerendered).toBe(false);
  });
});
