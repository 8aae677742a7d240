import { calendarRoutes } from '@agentcast/contracts/api/calendar-routes';
import type { PlanId } from '@agentcast/contracts/plans';
import { getCalendar } from '@agentcast/core/domains/calendar/get-calendar';
import { setSlotSkipped } from '@agentcast/core/domains/calendar/skip-slot';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { Database } from '@agentcast/db/client';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; db: Database; defaultPlan: PlanId };

/** The Calendar tab (gated, like the agents): the coming week, and skipping a planned post. */
export const createCalendarRoutes = ({ session, membership, db, defaultPlan }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, calendarRoutes.get), async (c) =>
      c.json(await getCalendar(db, { workspaceId: c.get('workspace').id, defaultPlan }), 200),
    )
    .openapi(behind(gated, calendarRoutes.skipSlot), async (c) => {
      const slotAt = new Date(c.req.valid('json').slot_at);
      await setSlotSkipped(db, {
        workspaceId: c.get('workspace').id,
        agentId: c.req.valid('param').id,
        slotAt,
        skipped: true,
      });
      return c.body(null, 204);
    })
    .openapi(behind(gated, calendarRoutes.unskipSlot), async (c) => {
      const { id, slot_at } = c.req.valid('param');
      const input = { workspaceId: c.get('workspace').id, agentId: id, slotAt: new Date(slot_at), skipped: false };
      await setSlotSkipped(db, input);
      return c.body(null, 204);
    });
};
