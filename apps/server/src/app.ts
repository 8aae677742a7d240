import { Hono } from 'hono';
import type { Logger } from 'pino';
import { newAgentClients } from '@agentcast/contracts/agents-constants';
import type { Mailer } from '@agentcast/core/integrations/mail/mailer';
import type { Database } from '@agentcast/db/client';
import { createSessionUserCache, forgetSessionsAfterChanges } from './auth/session-user-cache.ts';
import type { AppEnv } from './app-env.ts';
import { createAuth } from './auth/create-auth.ts';
import { clientIp } from './middleware/client-ip.ts';
import { compressJson } from './middleware/compress-json.ts';
import { handleErrors } from './middleware/handle-errors.ts';
import { limitRequestBodies } from './middleware/limit-request-bodies.ts';
import { noStoreForCallers } from './middleware/no-store-for-callers.ts';
import { requestLogger } from './middleware/request-logger.ts';
import { allowedOrigins, requireSameOrigin } from './middleware/require-same-origin.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { createAgentsRoutes } from './routes/agents.routes.ts';
import { createAnalyticsRoutes } from './routes/analytics.routes.ts';
import { createApiKeysRoutes } from './routes/api-keys.routes.ts';
import { createAuditRoutes } from './routes/audit.routes.ts';
import { createAuthRoutes } from './routes/auth.routes.ts';
import { createBillingRoutes } from './routes/billing.routes.ts';
import { createConnectionsRoutes } from './routes/connections.routes.ts';
import { createAccountRoutes } from './routes/account.routes.ts';
import { createCalendarRoutes } from './routes/calendar.routes.ts';
import { createClientLinksRoutes } from './routes/client-links.routes.ts';
import { createDraftCommentsRoutes } from './routes/draft-comments.routes.ts';
import { createDraftsRoutes } from './routes/drafts.routes.ts';
import { createInboxRoutes } from './routes/inbox.routes.ts';
import { createTelegramRoutes } from './routes/telegram.routes.ts';
import { createHealthRoutes } from './routes/health.routes.ts';
import { createOpenApiRoutes } from './routes/openapi.routes.ts';
import { createSchedulesRoutes } from './routes/schedules.routes.ts';
import { createStorageRoutes } from './routes/storage.routes.ts';
import { createTerminalRoutes } from './routes/terminal.routes.ts';
import { createWalletRoutes } from './routes/wallet.routes.ts';
import { createWebhooksRoutes } from './routes/webhooks.routes.ts';
import { createWorkspacesRoutes } from './routes/workspaces.routes.ts';
import { createMcpRoutes } from './mcp/mcp-routes.ts';
import type { Services } from './compose/start-services.ts';
import { createSeoRoutes } from './static/seo-routes.ts';
import { createWebAppRoutes } from './static/serve-web-app.ts';

/** The HTTP app's own settings (config.ts maps them from the environment). */
export type AppSettings = {
  /** The public origin (links in e-mails, allowed Origin of form posts). */
  publicUrl: string;
  authSecret: string;
  isProduction: boolean;
  trustProxy: number;
  /** The built SPA; omitted in tests that only exercise the API. */
  webDistDir?: string;
};

export type AppDependencies = AppSettings & {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** What the composition root built (compose/start-services.ts): each route takes its domain's services. */
  services: Pick<Services, 'storage' | 'isLocalStorage' | 'oauthProviders' | 'domains' | 'telegramWebhook'>;
  /** Aborted when the server shuts down: ends the open event streams, which would otherwise hold it up. */
  shutdownSignal: AbortSignal;
};

/** Builds the HTTP app. Middleware order matters and is explained beside each `use`. */
export const createApp = (dependencies: AppDependencies) => {
  const { db, mailer, logger, publicUrl, authSecret, isProduction, trustProxy, webDistDir, services, shutdownSignal } =
    dependencies;
  const session = { db, secret: authSecret, isProduction, sessions: createSessionUserCache() };
  const origins = allowedOrigins({ publicUrl, isProduction });
  const auth = createAuth({ db, publicUrl, trustedOrigins: origins, secret: authSecret, isProduction, mailer, logger });
  const { domains } = services;
  const { membership } = domains;
  // The browser reads the membership token from the gate's RPC itself.
  const chainOrigins = membership.config.enabled ? [new URL(membership.config.rpcUrl).origin] : [];
  const app = new Hono<AppEnv>()
    // First, so that every later step (throttling, logging, better-auth) sees the same resolved address.
    .use(clientIp(trustProxy))
    // Before the routes, so that it also times and logs requests that end in an error.
    .use(requestLogger(logger))
    // Around everything, so that error answers and static files carry the headers too.
    .use(securityHeaders({ isProduction, connectSources: chainOrigins }))
    // Static files come precompressed; only API answers are compressed on the fly.
    .use('/api/*', compressJson())
    // Before any route reads a cookie or a body: a page of another site cannot make a signed-in browser change
    // anything, and no body is read past what its route accepts.
    .use('/api/*', requireSameOrigin(origins))
    .use('/api/*', limitRequestBodies())
    .use('/api/*', noStoreForCallers())
    .use('/mcp', noStoreForCallers())
    // Sign-out, revoked sessions, a new password, a deleted account: no session found before may be trusted after.
    .use('/api/auth/*', forgetSessionsAfterChanges(session.sessions))
    .use('/api/account/*', forgetSessionsAfterChanges(session.sessions))
    // Each router holds routes of the contract (@agentcast/contracts/api) with their whole paths, and puts each behind
    // the checks it needs: a session, and for the gated ones requireMembership (a 403 saying what is missing).
    .route('/', createHealthRoutes())
    .route('/', createAuthRoutes({ auth, db, logger, mailer, publicUrl }))
    .route('/', createWalletRoutes({ session, membership, publicUrl }))
    .route(
      '/',
      createAccountRoutes({
        session,
        db,
        auth,
        storage: services.storage,
        connections: domains.connections,
        logger,
      }),
    )
    .route('/', createApiKeysRoutes({ session, db }))
    .route(
      '/',
      createAgentsRoutes({
        session,
        membership,
        services: domains.agents,
        runs: domains.planning,
        // The same answer GET /api/connections gives the form (`platforms[].configured`).
        newAgentClients: newAgentClients(services.oauthProviders.get('x') !== undefined),
      }),
    )
    .route('/', createDraftsRoutes({ session, membership, services: domains.review }))
    .route('/', createDraftCommentsRoutes({ session, membership, services: domains.notifications }))
    .route('/', createClientLinksRoutes({ session, membership, services: domains.clientApprovals }))
    .route('/', createInboxRoutes({ session, membership, services: domains.review }))
    .route('/', createTelegramRoutes(services))
    .route(
      '/',
      createTerminalRoutes({
        session,
        membership,
        db,
        events: domains.publishing.events,
        publishing: domains.publishing,
        shutdownSignal,
      }),
    )
    .route(
      '/',
      createSchedulesRoutes({
        session,
        membership,
        db,
        defaultPlan: domains.agents.defaultPlan,
        scheduleSettings: domains.agents.scheduleSettings,
        prices: domains.publishing.prices,
      }),
    )
    .route('/', createCalendarRoutes({ session, membership, db, defaultPlan: domains.agents.defaultPlan }))
    .route('/', createAnalyticsRoutes({ session, membership, db }))
    .route('/', createConnectionsRoutes({ session, membership, services: domains.connections }))
    .route('/', createWebhooksRoutes({ session, membership, webhooks: domains.webhooks }))
    .route('/', createAuditRoutes({ session, membership, db }))
    .route('/', createBillingRoutes({ session, membership, db, billing: domains.billing }))
    .route('/', createWorkspacesRoutes({ session, membership, services: domains.workspaces }))
    .route('/', createOpenApiRoutes({ publicUrl, isProduction }))
    // The MCP server (an API key only): its tools call the routes above through this same app.
    .route(
      '/',
      createMcpRoutes({ db, fetchApp: async (request, bindings): Promise<Response> => app.fetch(request, bindings) }),
    )
    .all('/api/*', (c) => c.json({ code: 'NOT_FOUND', message: `No API route ${c.req.method} ${c.req.path}` }, 404));

  if (services.isLocalStorage) app.route('/storage', createStorageRoutes(services.storage));
  app.route('/', createSeoRoutes(publicUrl));
  if (webDistDir) app.route('/', createWebAppRoutes(webDistDir));
  app.onError(handleErrors);
  return app;
};
