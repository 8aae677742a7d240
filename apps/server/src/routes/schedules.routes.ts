import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { getPlatformCosts } from '@agentcast/core/domains/costs/get-platform-costs';
import { getUsageSummary } from '@agentcast/core/domains/plans/get-usage-summary';
import { getAgentSchedules } from '@agentcast/core/domains/calendar/get-agent-schedules';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = {
  session: SessionCheck;
  membership: MembershipServices;
  db: Database;
  defaultPlan: PlanId;
  prices?: PlatformPrices;
};

/**
 * What the AgentBoard shows beside the agents: when each agent next acts (gated, like the agents), today's usage
 * of the account's plan (spec §9 quotas; signed in is enough) and this month's platform cost.
 */
export const createSchedulesRoutes = ({ session, membership, db, defaultPlan, prices }: Options) => {
  const signedIn = requireCaller(session);
  return (
    createApiRouter()
      .openapi(behind([signedIn, requireMembership(membership)], terminalRoutes.schedules), async (c) =>
        c.json({ schedules: await getAgentSchedules(db, { userId: c.get('user').id, defaultPlan }) }, 200),
      )
      .openapi(behind([signedIn], terminalRoutes.usage), async (c) =>
        c.json(await getUsageSummary(db, { userId: c.get('user').id, defaultPlan }), 200),
      )
      // Gated like the agents it names.
      .openapi(behind([signedIn, requireMembership(membership)], terminalRoutes.costs), async (c) =>
        c.json(await getPlatformCosts(db, { userId: c.get('user').id, prices }), 200),
      )
  );
};
