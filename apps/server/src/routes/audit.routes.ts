import { auditRoutes } from '@agentcast/contracts/api/audit-routes';
import { exportAuditCsv } from '@agentcast/core/domains/audit/export-audit-csv';
import { listAuditEvents } from '@agentcast/core/domains/audit/list-audit-events';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { csvResponse } from '../http/csv-response.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; db: Database };

/** The workspace's audit log (gated): every member may read it. */
export const createAuditRoutes = ({ session, membership, db }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, auditRoutes.list), async (c) =>
      c.json(await listAuditEvents(db, { workspaceId: c.get('workspace').id, ...c.req.valid('query') }), 200),
    )
    .openapi(behind(gated, auditRoutes.exportCsv), async (c) =>
      csvResponse(c, exportAuditCsv(db, { workspaceId: c.get('workspace').id, ...c.req.valid('query') })),
    );
};
