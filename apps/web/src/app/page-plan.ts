import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import type { RouteModuleName } from './route-modules.ts';

/**
 * What the first render of a path needs, so main.tsx can ask for all of it at once instead of one layer at a time:
 * the route modules (layouts and page), whether the session decides what it shows, and whether the membership
 * gate's wallet state does. The prerendered paths are built by build/prerender.ts.
 */
export type PagePlan = {
  modules: RouteModuleName[];
  needsSession: boolean;
  needsWalletState: boolean;
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

export const planFor = (pathname: string): PagePlan => {
  const nothing = { needsSession: false, needsWalletState: false, isPrerendered: false };
  if (pathname === PATHS.home) return { ...nothing, modules: ['landing'] };
  if (LEGAL_PAGES.some((page) => page.path === pathname))
    return { ...nothing, modules: ['legal'], isPrerendered: true };
  if (pathname === PATHS.login) {
    return { ...nothing, modules: ['session', 'login'], needsSession: true, isPrerendered: true };
  }
  const signedInPage = SIGNED_IN_PAGES[pathname];
  if (signedInPage) {
    return {
      ...nothing,
      modules: ['session', 'signedIn', signedInPage],
      needsSession: true,
      needsWalletState: GATED_PATHS.includes(pathname),
    };
  }
  if (/^\/auth\/[^/]+\/callback$/.test(pathname)) return { ...nothing, modules: ['oauthCallback'] };
  return { ...nothing, modules: [] };
};
