import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import type { EarlyRequest } from '../api/early-requests.ts';
import type { RouteModuleName } from './route-modules.ts';

/**
 * What the first render of a path needs, so main.tsx can ask for all of it at once instead of one layer at a time:
 * the route modules (layouts and page) and the API reads (the session, where it decides what the page shows; the
 * membership gate's wallet state on gated pages; what the AgentBoard shows first). The prerendered paths are built
 * by build/prerender.ts.
 */
export type PagePlan = {
  modules: RouteModuleName[];
  earlyRequests: EarlyRequest[];
  isPrerendered: boolean;
};

const SIGNED_IN_PAGES: Record<string, RouteModuleName> = {
  [PATHS.dashboard]: 'dashboard',
  [PATHS.agentBuilder]: 'agentBuilder',
  [PATHS.settings]: 'settings',
};
/** Behind the membership gate (spec §2, §6): /settings is signed-in but not gated. */
const GATED_PATHS: readonly string[] = [PATHS.dashboard, PATHS.agentBuilder];

/** The paths build/prerender.ts writes HTML for; the server sends each its own page (apps/server/src/static). */
export const PRERENDERED_APP_PATHS: readonly string[] = [PATHS.login, ...LEGAL_PAGES.map((page) => page.path)];

/**
 * The signed-in pages: nothing of theirs can be rendered ahead (they depend on the session), but build/prerender.ts
 * writes each an empty page that names its route chunks, so the browser fetches them beside the entry.
 */
export const SIGNED_IN_PATHS: readonly string[] = Object.keys(SIGNED_IN_PAGES);

/** The AgentBoard is the dashboard's first tab: shown when the query names no other tab and no sub-view. */
const showsAgentBoard = (search: string) => {
  const params = new URLSearchParams(search);
  return (params.get('tab') ?? 'agentboard') === 'agentboard' && !params.has('view');
};

export const planFor = (pathname: string, search = ''): PagePlan => {
  const nothing = { earlyRequests: [], isPrerendered: false };
  if (pathname === PATHS.home) return { ...nothing, modules: ['landing'] };
  if (LEGAL_PAGES.some((page) => page.path === pathname))
    return { ...nothing, modules: ['legal'], isPrerendered: true };
  if (pathname === PATHS.login) {
    return { modules: ['session', 'login'], earlyRequests: ['session'], isPrerendered: true };
  }
  const signedInPage = SIGNED_IN_PAGES[pathname];
  if (signedInPage) {
    const earlyRequests: EarlyRequest[] = ['session'];
    if (GATED_PATHS.includes(pathname)) earlyRequests.push('walletState');
    if (pathname === PATHS.dashboard) {
      earlyRequests.push('drafts', 'inbox');
      if (showsAgentBoard(search)) earlyRequests.push('agentPage', 'usage', 'costs', 'schedules');
    }
    return { ...nothing, modules: ['session', 'signedIn', signedInPage], earlyRequests };
  }
  if (/^\/auth\/[^/]+\/callback$/.test(pathname)) return { ...nothing, modules: ['oauthCallback'] };
  if (/^\/invitations\/[^/]+$/.test(pathname))
    return { ...nothing, modules: ['session', 'invitation'], earlyRequests: ['session'] };
  // A client's link: no account, so no session to ask for.
  if (/^\/approve\/[^/]+$/.test(pathname)) return { ...nothing, modules: ['clientApproval'] };
  return { ...nothing, modules: [] };
};
