import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { commentOnDraft, type DraftCommentServices } from '@agentcast/core/domains/runs/review/comment-on-draft';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; services: DraftCommentServices };

/** Members' comments on a waiting draft (gated), whose @mentions e-mail the members named. */
export const createDraftCommentsRoutes = ({ session, membership, services }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter().openapi(behind(gated, draftsRoutes.comment), async (c) => {
    const { workspaceId, userId } = actingMember(c);
    const input = { workspaceId, userId, runId: c.req.valid('param').id, body: c.req.valid('json').body };
    return c.json(await commentOnDraft(services, input), 201);
  });
};
