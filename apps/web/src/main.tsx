// The app's entry: every page but the landing page (src/landing-main.tsx has its own, lighter one).
// First: configures zod before any chunk that builds schemas loads (see the module).
import './lib/zod-without-eval.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.tsx';
import { adoptWorkspaceFromUrl } from './api/active-workspace.ts';
import { startEarlyRequest } from './api/early-requests.ts';
import { planFor } from './app/page-plan.ts';
import { ROUTE_MODULES } from './app/route-modules.ts';
import { afterFirstPaint } from './lib/after-first-paint.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Everything the first render needs is asked for now, side by side: the session, the wallet state, the page's own
// reads and the route chunks (the built pages also name those chunks in <link rel="modulepreload">). Rendering one
// layer at a time would fetch each only after the one above it had arrived. The layouts and pages hand the answers
// to their queries (app/routes/adopt-early-answers.ts); a chunk that fails here is asked for again when its route renders.
// A link that names a workspace opens it in this tab: every request from here on, the early ones too, acts there.
adoptWorkspaceFromUrl();
const plan = planFor(window.location.pathname, window.location.search);
for (const request of plan.earlyRequests) void startEarlyRequest(request);
const routeCode = Promise.all(plan.modules.map((name) => ROUTE_MODULES[name].preload())).catch(() => undefined);
/** The longest the first render waits for the route code: past it, the page's loading screen shows while it comes. */
const ROUTE_CODE_WAIT_MS = 1000;

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

/**
 * A prerendered page (build/prerender.ts) is hydrated at once, before its route chunks have arrived: React keeps the
 * markup of a lazy route until its code is here, and replays clicks made meanwhile, so nothing typed or clicked is
 * lost. It equals the first render for any visitor: /login shows its form while the session is read and moves a
 * signed-in visitor on after; its notices join after hydration. Every other page (and the dev server's empty one)
 * renders from scratch once its route code is here (or failed: the route then asks again), or after a second on a
 * slow link, so the loading screen of spec §2 still shows: rendered before, it would show that screen at once, and
 * React holds back what replaces a Suspense fallback for 300 ms after showing it, so the page would appear that much
 * later than its code and data allow.
 */
if (plan.isPrerendered && root.hasChildNodes()) {
  // Once the text is on screen (lib/after-first-paint.ts), so it shows before React walks the page.
  afterFirstPaint(() => hydrateRoot(root, app));
} else {
  // As a transition, so React renders the page in slices that let the browser in between (a board of 50 agents is
  // one long task otherwise), rather than all at once.
  const waited = new Promise((resolve) => setTimeout(resolve, ROUTE_CODE_WAIT_MS));
  void Promise.race([routeCode, waited]).then(() => startTransition(() => createRoot(root).render(app)));
}
