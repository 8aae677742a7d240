import { workspacesRoutes } from '@agentcast/contracts/api/workspaces-routes';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import {
  acceptInvitation,
  inviteMember,
  previewInvitation,
  withdrawInvitation,
} from '@agentcast/core/domains/workspaces/manage-invitations';
import {
  changeMemberRole,
  listMembers,
  listWorkspaces,
  removeMember,
} from '@agentcast/core/domains/workspaces/manage-members';
import type { WorkspaceServices } from '@agentcast/core/domains/workspaces/workspace-services';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';
import { throttleLinkPages } from '../middleware/throttle-link-pages.ts';

type Options = { session: SessionCheck; membership: MembershipServices; services: WorkspaceServices };

/** The member acting: the request's person and their role in its workspace. */
const actor = (c: Context<AppEnv>) => ({
  userId: c.get('user').id,
  apiKeyId: c.get('apiKeyId'),
  role: c.get('workspace').role,
});

/**
 * Workspaces, members and invitations (issue 36 §2). Managing members is gated like the rest of the workspace's
 * routes; the person's list of workspaces and accepting an invitation are theirs (not gated), and an invitation's
 * link is read without signing in.
 */
export const createWorkspacesRoutes = ({ session, membership, services }: Options) => {
  const { db, now } = services;
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind([requireCaller(session)], workspacesRoutes.list), async (c) =>
      c.json({ workspaces: await listWorkspaces(db, c.get('user').id) }, 200),
    )
    .openapi(behind(gated, workspacesRoutes.members), async (c) =>
      c.json(await listMembers(db, c.get('workspace').id, now()), 200),
    )
    .openapi(behind(gated, workspacesRoutes.invite), async (c) => {
      const input = { workspaceId: c.get('workspace').id, actor: actor(c), input: c.req.valid('json') };
      return c.json(await inviteMember(services, input), 201);
    })
    .openapi(behind(gated, workspacesRoutes.withdrawInvitation), async (c) => {
      await withdrawInvitation(db, { workspaceId: c.get('workspace').id, id: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(behind(gated, workspacesRoutes.changeRole), async (c) => {
      const { userId: memberId } = c.req.valid('param');
      const { role } = c.req.valid('json');
      await changeMemberRole(db, { workspaceId: c.get('workspace').id, actor: actor(c), memberId, role });
      return c.body(null, 204);
    })
    .openapi(behind(gated, workspacesRoutes.removeMember), async (c) => {
      const { userId: memberId } = c.req.valid('param');
      await removeMember(db, { workspaceId: c.get('workspace').id, actor: actor(c), memberId });
      return c.body(null, 204);
    })
    .openapi(behind([requireSession(session)], workspacesRoutes.leave), async (c) => {
      const me = actor(c);
      await removeMember(db, { workspaceId: c.get('workspace').id, actor: me, memberId: me.userId });
      return c.body(null, 204);
    })
    .openapi(behind([throttleLinkPages(db)], workspacesRoutes.previewInvitation), async (c) =>
      c.json(await previewInvitation(db, c.req.valid('param').token, now()), 200),
    )
    .openapi(behind([requireSession(session)], workspacesRoutes.acceptInvitation), async (c) => {
      const person = c.get('user');
      return c.json(await acceptInvitation(db, { token: c.req.valid('param').token, person, now: now() }), 200);
    });
};
