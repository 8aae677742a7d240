import { Hono } from 'hono';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import { findAgentSchedules } from '@agentcast/core/scheduling/find-agent-schedules';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/** GET /api/schedules: when each of the user's agents next posts (and looks for replies), for the AgentBoard. */
export const createSchedulesRoutes = ({ session, membership, db }: { session: SessionCheck; membership: MembershipServices; db: Database }) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .use(requireMembership(membership))
    .get('/', async (c) => c.json({ schedules: await findAgentSchedules(db, { userId: c.get('user').id }) }));
