import { Hono } from 'hono';
import type { ConnectionServices } from '@agentcast/core/connections/connection-services';
import { deleteConnection } from '@agentcast/core/connections/delete-connection';
import { listConnections } from '@agentcast/core/connections/list-connections';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import type { AppEnv } from '../app-env.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/**
 * /api/connections: GET the platforms this server can connect and the user's own connections (or, with
 * `?agent={id}`, that agent's); DELETE one (disconnect, revoking it at the provider where possible). Another
 * user's connection answers 404 like a missing one.
 */
type Options = { session: SessionCheck; membership: MembershipServices; services: ConnectionServices };

/** Gated like every agent route: connecting accounts is for members. */
export const createConnectionsRoutes = ({ session, membership, services }: Options) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .use(requireMembership(membership))
    .get('/', async (c) => c.json(await listConnections(services, { userId: c.get('user').id, agentId: c.req.query('agent') || undefined })))
    .delete('/:id', async (c) => c.json(await deleteConnection(services, { userId: c.get('user').id, connectionId: c.req.param('id') })));
