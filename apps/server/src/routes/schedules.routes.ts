import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import type { PlatformPrices } from '@agentcast/contracts/costs';
import type { PlanId } from '@agentcast/contracts/plans';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { getPlatformCosts } from '@agentcast/core/domains/costs/get-platform-costs';
import { getUsageSummary } from '@agentcast/core/domains/plans/get-usage-summary';
import { getAgentSchedules } from '@agentcast/core/domains/calendar/get-agent-schedules';
import { previewPostingDay } from '@agentcast/core/domains/schedules/preview-posting-day';
import type { ScheduleSettings } from '@agentcast/core/domains/schedules/schedule-settings';
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
  /** How long an interval minute lasts (shorter in tests). */
  scheduleSettings: ScheduleSettings;
  prices?: PlatformPrices;
};

/**
 * What the AgentBoard shows beside the agents: when each agent next acts (gated, like the agents; and, for the agent
 * form, how an interval would post under the plan), today's usage
 * of the account's plan (spec §9 quotas; signed in is enough) and this month's platform cost.
 */
export const createSchedulesRoutes = ({ session, membership, db, defaultPlan, scheduleSettings, prices }: Options) => {
  const signedIn = requireCaller(session);
  return (
    createApiRouter()
      .openapi(behind([signedIn, requireMembership(membership)], terminalRoutes.schedules), async (c) =>
        c.json({ schedules: await getAgentSchedules(db, { workspaceId: c.get('workspace').id, defaultPlan }) }, 200),
      )
      .openapi(behind([signedIn, requireMembership(membership)], terminalRoutes.postingDay), async (c) => {
        const { interval, agent_id: agentId } = c.req.valid('query');
        return c.json(
          await previewPostingDay(db, {
            workspaceId: c.get('workspace').id,
            defaultPlan,
            minuteMs: scheduleSettings.minuteMs,
            intervalMinutes: interval,
            agentId,
          }),
          200,
        );
      })
      .openapi(behind([signedIn], terminalRoutes.usage), async (c) =>
        c.json(await getUsageSummary(db, { workspaceId: c.get('workspace').id, defaultPlan }), 200),
      )
      // Gated like the agents it names.
      .openapi(behind([signedIn, requireMembership(membership)], terminalRoutes.costs), async (c) =>
        c.json(await getPlatformCosts(db, { workspaceId: c.get('workspace').id, prices }), 200),
      )
  );
};
