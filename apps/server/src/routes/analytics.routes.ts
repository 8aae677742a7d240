import { analyticsRoutes } from '@agentcast/contracts/api/analytics-routes';
import { exportAnalyticsCsv } from '@agentcast/core/domains/analytics/export-analytics-csv';
import { getAnalytics } from '@agentcast/core/domains/analytics/get-analytics';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { csvResponse } from '../http/csv-response.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; db: Database };

/** The Analytics tab (gated, like the terminal): the period's figures, and the same posts as a CSV file. */
export const createAnalyticsRoutes = ({ session, membership, db }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, analyticsRoutes.get), async (c) =>
      c.json(await getAnalytics(db, { workspaceId: c.get('workspace').id, ...c.req.valid('query') }), 200),
    )
    .openapi(behind(gated, analyticsRoutes.exportCsv), async (c) => {
      const file = await exportAnalyticsCsv(db, { workspaceId: c.get('workspace').id, ...c.req.valid('query') });
      return csvResponse(c, file);
    });
};
