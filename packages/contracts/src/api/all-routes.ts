import type { RouteConfig } from '@hono/zod-openapi';
import { accountRoutes } from './account-routes.ts';
import { agentsRoutes } from './agents-routes.ts';
import { analyticsRoutes } from './analytics-routes.ts';
import { apiKeysRoutes } from './api-keys-routes.ts';
import { clientLinksRoutes } from './client-links-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { authRoutes } from './auth-routes.ts';
import { billingRoutes } from './billing-routes.ts';
import { calendarRoutes } from './calendar-routes.ts';
import { connectionsRoutes } from './connections-routes.ts';
import { draftsRoutes } from './drafts-routes.ts';
import { healthRoutes } from './health-routes.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { referenceRoutes } from './reference-routes.ts';
import { telegramRoutes } from './telegram-routes.ts';
import { terminalRoutes } from './terminal-routes.ts';
import { walletRoutes } from './wallet-routes.ts';
import { webhooksRoutes } from './webhooks-routes.ts';
import { workspacesRoutes } from './workspaces-routes.ts';

export type RouteGroup = {
  /** The group's heading in the API reference (an OpenAPI tag). */
  tag: string;
  description: string;
  routes: Record<string, RouteConfig>;
};

/**
 * Every route group of the contract, in the order the API reference lists them. The OpenAPI document is generated
 * from this list, and a test fails when the server mounts a route that is not in it (openapi.routes.test.ts).
 */
export const ALL_ROUTE_GROUPS: RouteGroup[] = [
  {
    tag: 'Agents',
    description: 'The account’s agents: their settings, files, runs and written posts.',
    routes: agentsRoutes,
  },
  { tag: 'Drafts', description: 'Posts waiting for review before they are published.', routes: draftsRoutes },
  {
    tag: 'Client approval',
    description: 'A client’s approval links: made by Owners and Admins, opened by the client without signing in.',
    routes: clientLinksRoutes,
  },
  {
    tag: 'Inbox',
    description: 'What people wrote to the agents — mentions, replies, messages — and the answers.',
    routes: inboxRoutes,
  },
  {
    tag: 'Terminal',
    description: 'What the agents did and will do: the terminal, its live stream, schedules, usage and costs.',
    routes: terminalRoutes,
  },
  { tag: 'Calendar', description: 'The coming week’s planned posts.', routes: calendarRoutes },
  { tag: 'Analytics', description: 'How the published posts did.', routes: analyticsRoutes },
  { tag: 'Connections', description: 'The platform accounts the agents post to.', routes: connectionsRoutes },
  {
    tag: 'Telegram',
    description: 'Where Telegram delivers connected bots’ messages (set up by the server itself).',
    routes: telegramRoutes,
  },
  {
    tag: 'Webhooks',
    description: 'Endpoints of the account’s own that are told of events as they happen, signed.',
    routes: webhooksRoutes,
  },
  {
    tag: 'Workspaces',
    description: 'The workspaces a person belongs to, their members, roles and invitations.',
    routes: workspacesRoutes,
  },
  {
    tag: 'Audit log',
    description:
      'Who created, edited, approved, rejected, published, deleted, connected or disconnected what, and when.',
    routes: auditRoutes,
  },
  {
    tag: 'Billing',
    description: 'Paying for the workspace’s plan by card with Stripe (when the server’s operator turned it on).',
    routes: billingRoutes,
  },
  { tag: 'Account', description: 'The signed-in person’s own account.', routes: accountRoutes },
  {
    tag: 'API keys',
    description: 'Personal API keys (made and revoked in a browser session only).',
    routes: apiKeysRoutes,
  },
  { tag: 'Wallet', description: 'The wallet whose membership token opens the gated routes.', routes: walletRoutes },
  { tag: 'Auth', description: 'Signing up, in and out.', routes: authRoutes },
  { tag: 'Health', description: 'Whether the server is ready.', routes: healthRoutes },
  { tag: 'Reference', description: 'This API’s description.', routes: referenceRoutes },
];
