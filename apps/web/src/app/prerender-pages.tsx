// Build-time only (build/prerender.ts bundles it for Node): the markup of the pages a visitor can see without an
// account, so their text paints before any script runs. Each must equal the browser's first render, whoever visits,
// since the browser hydrates it (src/main.tsx, src/landing-main.tsx): nothing here may depend on the session or the
// query string.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PATHS } from '@agentcast/contracts/paths';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { planFor, PRERENDERED_APP_PATHS, SIGNED_IN_PATHS } from './page-plan.ts';
import { ROUTE_MODULES, type RouteModuleName } from './route-modules.ts';

/** The landing page as src/landing-main.tsx hydrates it (there it is imported directly, here through its lazy twin). */
const renderLandingPage = async () => {
  await ROUTE_MODULES.landing.preload();
  const { Page: LandingPage } = ROUTE_MODULES.landing;
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
};

/**
 * A page of the app as every visitor first sees it (/login shows its form while the session is read), its route
 * modules loaded as main.tsx loads them.
 */
const renderAppPage = async (path: string) => {
  await Promise.all(planFor(path).modules.map((name) => ROUTE_MODULES[name].preload()));
  return renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
};

/** Where each route module's code starts, so build/prerender.ts can name its chunk in <link rel="modulepreload">. */
const ROUTE_MODULE_SOURCES: Record<RouteModuleName, string> = {
  landing: 'src/features/landing/components/landing-page.tsx',
  legal: 'src/app/routes/legal-route.tsx',
  session: 'src/app/routes/session-layout.tsx',
  login: 'src/app/routes/login-route.tsx',
  signedIn: 'src/app/routes/signed-in-layout.tsx',
  dashboard: 'src/app/routes/dashboard-route.tsx',
  agentBuilder: 'src/app/routes/agent-builder-route.tsx',
  oauthCallback: 'src/app/routes/oauth-callback-route.tsx',
  settings: 'src/app/routes/settings-route.tsx',
  invitation: 'src/app/routes/invitation-route.tsx',
  clientApproval: 'src/app/routes/client-approval-route.tsx',
};

export type PrerenderedPage = {
  path: string;
  /** What goes inside <div id="root">: empty for a signed-in page, which renders in the browser alone. */
  html: string;
  /** The route modules the browser loads before hydrating it (the landing page's are in its entry). */
  routeModuleSources: string[];
};

const routeModuleSourcesOf = (path: string) => planFor(path).modules.map((name) => ROUTE_MODULE_SOURCES[name]);

export const renderPages = async (): Promise<PrerenderedPage[]> => [
  { path: PATHS.home, html: await renderLandingPage(), routeModuleSources: [] },
  ...(await Promise.all(
    PRERENDERED_APP_PATHS.map(async (path) => ({
      path,
      html: await renderAppPage(path),
      routeModuleSources: routeModuleSourcesOf(path),
    })),
  )),
  ...SIGNED_IN_PATHS.map((path) => ({ path, html: '', routeModuleSources: routeModuleSourcesOf(path) })),
];
