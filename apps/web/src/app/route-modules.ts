import { lazy, type ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * A React.lazy page whose module main.tsx can fetch before React renders (in parallel with the session request).
 * Once fetched, the lazy component resolves synchronously: React's lazy calls then(), and when the callback runs at
 * once it renders the module without suspending, so rendering or hydrating a prerendered page shows no fallback.
 */
const preloadable = (load: () => Promise<PageModule>) => {
  let loaded: PageModule | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const Page = lazy(() =>
    loaded
      ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded as PageModule) } as Promise<PageModule>)
      : preload(),
  );
  return { Page, preload };
};

// Everything loads on demand, so visitors never download the dashboard
// (docs/decisions/004-declarative-routing.md explains why these are components, not route loaders).
export const ROUTE_MODULES = {
  landing: preloadable(() =>
    import('../features/landing/components/landing-page.tsx').then((module) => ({ default: module.LandingPage })),
  ),
  legal: preloadable(() => import('./routes/legal-route.tsx')),
  session: preloadable(() => import('./routes/session-layout.tsx')),
  login: preloadable(() => import('./routes/login-route.tsx')),
  signedIn: preloadable(() => import('./routes/signed-in-layout.tsx')),
  dashboard: preloadable(() => import('./routes/dashboard-route.tsx')),
  agentBuilder: preloadable(() => import('./routes/agent-builder-route.tsx')),
  oauthCallback: preloadable(() => import('./routes/oauth-callback-route.tsx')),
  settings: preloadable(() => import('./routes/settings-route.tsx')),
  invitation: preloadable(() => import('./routes/invitation-route.tsx')),
  clientApproval: preloadable(() => import('./routes/client-approval-route.tsx')),
};

export type RouteModuleName = keyof typeof ROUTE_MODULES;
