import { clientLinksRoutes } from '@agentcast/contracts/api/client-links-routes';
import type { ClientApprovalServices } from '@agentcast/core/domains/client-approvals/client-approval-services';
import { readClientApprovalPage } from '@agentcast/core/domains/client-approvals/client-approval-page';
import { approveAsClient, requestChangesAsClient } from '@agentcast/core/domains/client-approvals/decide-as-client';
import {
  createClientLink,
  listClientLinks,
  revokeClientLink,
} from '@agentcast/core/domains/client-approvals/manage-client-links';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { throttleLinkPages } from '../middleware/throttle-link-pages.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; services: ClientApprovalServices };

/**
 * A client's approval by link (issue 36 §4). Owners and Admins manage the workspace's links behind the gate; the
 * link's own routes take its token and nothing else: no sign-in, no wallet, no other part of the workspace.
 */
export const createClientLinksRoutes = ({ session, membership, services }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  const linkPage = [throttleLinkPages(services.db)];
  return createApiRouter()
    .openapi(behind(gated, clientLinksRoutes.list), async (c) =>
      c.json({ links: await listClientLinks(services, { workspaceId: c.get('workspace').id }) }, 200),
    )
    .openapi(behind(gated, clientLinksRoutes.create), async (c) => {
      const input = { ...actingMember(c), clientName: c.req.valid('json').client_name };
      return c.json(await createClientLink(services, input), 201);
    })
    .openapi(behind(gated, clientLinksRoutes.revoke), async (c) =>
      c.json(await revokeClientLink(services, { ...actingMember(c), linkId: c.req.valid('param').id }), 200),
    )
    .openapi(behind(linkPage, clientLinksRoutes.page), async (c) =>
      c.json(await readClientApprovalPage(services, { token: c.req.valid('param').token }), 200),
    )
    .openapi(behind(linkPage, clientLinksRoutes.approve), async (c) => {
      const { token, id } = c.req.valid('param');
      return c.json(await approveAsClient(services, { token, runId: id }), 200);
    })
    .openapi(behind(linkPage, clientLinksRoutes.requestChanges), async (c) => {
      const { token, id } = c.req.valid('param');
      return c.json(
        await requestChangesAsClient(services, { token, runId: id, comment: c.req.valid('json').comment }),
        200,
      );
    });
};
