import { describe, expect, it } from 'vitest';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { inboxRoutes } from '@agentcast/contracts/api/inbox-routes';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { walletRoutes } from '@agentcast/contracts/api/wallet-routes';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { EARLY_API_PATHS } from '../api/early-requests.ts';
import { planFor, PRERENDERED_APP_PATHS } from './page-plan.ts';

describe('the requests main.tsx sends before React renders', () => {
  it('ask the same addresses as the queries they stand in for, with GET as they do', () => {
    const routes = {
      session: authRoutes.getSession,
      walletState: walletRoutes.status,
      agentPage: agentsRoutes.list,
      usage: terminalRoutes.usage,
      costs: terminalRoutes.costs,
      schedules: terminalRoutes.schedules,
      drafts: draftsRoutes.list,
      inbox: inboxRoutes.list,
    };
    expect(EARLY_API_PATHS).toEqual(
      Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, route.path])),
    );
    for (const route of Object.values(routes)) expect(route.method).toBe('get');
  });

  it('are the session and the wallet state on the gated pages, the session alone on /login and /settings', () => {
    expect(planFor(PATHS.agentBuilder).earlyRequests).toEqual(['session', 'walletState']);
    expect(planFor(PATHS.settings).earlyRequests).toEqual(['session']);
    expect(planFor(PATHS.login).earlyRequests).toEqual(['session']);
    expect(planFor(PATHS.home).earlyRequests).toEqual([]);
  });

  it('add what the AgentBoard shows first on the dashboard, and only the Review and Inbox tabs’ counts on its other tabs', () => {
    const board = ['session', 'walletState', 'drafts', 'inbox', 'agentPage', 'usage', 'costs', 'schedules'];
    expect(planFor(PATHS.dashboard).earlyRequests).toEqual(board);
    expect(planFor(PATHS.dashboard, '?tab=agentboard').earlyRequests).toEqual(board);
    expect(planFor(PATHS.dashboard, '?tab=terminal').earlyRequests).toEqual([
      'session',
      'walletState',
      'drafts',
      'inbox',
    ]);
    expect(planFor(PATHS.dashboard, '?view=create').earlyRequests).toEqual([
      'session',
      'walletState',
      'drafts',
      'inbox',
    ]);
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
