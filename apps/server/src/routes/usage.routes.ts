import { Hono } from 'hono';
import type { PlanId } from '@agentcast/contracts/plans';
import { getUsageSummary } from '@agentcast/core/plans/get-usage-summary';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/** GET /api/usage: the account's plan, its daily limits and today's use (spec §9 quotas, shown on the dashboard). */
export const createUsageRoutes = ({ session, db, defaultPlan }: { session: SessionCheck; db: Database; defaultPlan: PlanId }) =>
  new Hono<AppEnv>().use(requireSession(session)).get('/', async (c) => c.json(await getUsageSummary(db, { userId: c.get('user').id, defaultPlan })));
