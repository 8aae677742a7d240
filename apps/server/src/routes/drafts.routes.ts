import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { approveDrafts } from '@agentcast/core/domains/runs/review/approve-drafts';
import { changeDraft } from '@agentcast/core/domains/runs/review/change-draft';
import { listDrafts } from '@agentcast/core/domains/runs/review/list-drafts';
import { regenerateDraft } from '@agentcast/core/domains/runs/review/regenerate-draft';
import { rejectDraft } from '@agentcast/core/domains/runs/review/reject-draft';
import { rescheduleDraft } from '@agentcast/core/domains/runs/review/reschedule-draft';
import type { ReviewServices } from '@agentcast/core/domains/runs/review/review-services';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

/** Longer than writing a post can take: the model's timeout and retries, plus media. */
const REGENERATE_WAIT_MS = 180_000;

type Options = { session: SessionCheck; membership: MembershipServices; services: ReviewServices };

/** The Review tab (gated): the drafts waiting for a person, and what a person does with them. */
export const createDraftsRoutes = ({ session, membership, services }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, draftsRoutes.list), async (c) => {
      const workspaceId = c.get('workspace').id;
      const [drafts, expired] = await Promise.all([
        listDrafts(services, { workspaceId }),
        listDrafts(services, { workspaceId, status: 'expired' }),
      ]);
      return c.json({ drafts, expired }, 200);
    })
    .openapi(behind(gated, draftsRoutes.approve), async (c) => {
      const { ids, now } = c.req.valid('json');
      const { workspaceId, userId } = actingMember(c);
      const input = { workspaceId, ids, now, approver: { userId, apiKeyId: c.get('apiKeyId') } };
      return c.json({ approved: await approveDrafts(services, input) }, 200);
    })
    .openapi(behind(gated, draftsRoutes.reschedule), async (c) => {
      const input = {
        ...actingMember(c),
        runId: c.req.valid('param').id,
        publishAt: new Date(c.req.valid('json').publish_at),
      };
      return c.json(await rescheduleDraft(services, input), 200);
    })
    .openapi(behind(gated, draftsRoutes.change), async (c) => {
      const input = { ...actingMember(c), runId: c.req.valid('param').id, changes: c.req.valid('json') };
      return c.json(await changeDraft(services, input), 200);
    })
    .openapi(behind(gated, draftsRoutes.regenerate), async (c) => {
      const input = {
        workspaceId: c.get('workspace').id,
        runId: c.req.valid('param').id,
        timeoutMs: REGENERATE_WAIT_MS,
      };
      return c.json(await regenerateDraft(services, input), 200);
    })
    .openapi(behind(gated, draftsRoutes.reject), async (c) => {
      const input = { ...actingMember(c), runId: c.req.valid('param').id, reason: c.req.valid('json').reason };
      return c.json(await rejectDraft(services, input), 200);
    });
};
