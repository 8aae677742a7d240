import { inboxRoutes } from '@agentcast/contracts/api/inbox-routes';
import { blockInboxAuthor } from '@agentcast/core/domains/inbox/block-inbox-author';
import { ignoreInboxItem } from '@agentcast/core/domains/inbox/ignore-inbox-item';
import { listInbox } from '@agentcast/core/domains/inbox/list-inbox';
import { regenerateInboxAnswer } from '@agentcast/core/domains/inbox/regenerate-inbox-answer';
import { sendInboxAnswer } from '@agentcast/core/domains/inbox/send-inbox-answer';
import { can } from '@agentcast/contracts/workspace-roles';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { ReviewServices } from '@agentcast/core/domains/runs/review/review-services';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { actingMember } from '../http/acting-member.ts';

/** Longer than writing an answer can take: the model's timeout and retries. */
const REGENERATE_WAIT_MS = 180_000;

type Options = { session: SessionCheck; membership: MembershipServices; services: ReviewServices };

/** The Inbox tab (gated): what people wrote to the agents, and what a person does about it. */
export const createInboxRoutes = ({ session, membership, services }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  const ids = (c: Context<AppEnv>, runId: string) => ({ ...actingMember(c), runId });
  return createApiRouter()
    .openapi(behind(gated, inboxRoutes.list), async (c) =>
      c.json(await listInbox(services.db, { workspaceId: c.get('workspace').id, query: c.req.valid('query') }), 200),
    )
    .openapi(behind(gated, inboxRoutes.send), async (c) => {
      const input = {
        ...ids(c, c.req.valid('param').id),
        text: c.req.valid('json').text,
        approver: {
          userId: c.get('user').id,
          apiKeyId: c.get('apiKeyId'),
          mayApprove: can(c.get('workspace').role, 'approve'),
        },
      };
      return c.json(await sendInboxAnswer(services, input), 200);
    })
    .openapi(behind(gated, inboxRoutes.regenerate), async (c) => {
      const input = { ...ids(c, c.req.valid('param').id), timeoutMs: REGENERATE_WAIT_MS };
      return c.json(await regenerateInboxAnswer(services, input), 200);
    })
    .openapi(behind(gated, inboxRoutes.ignore), async (c) =>
      c.json(await ignoreInboxItem(services, ids(c, c.req.valid('param').id)), 200),
    )
    .openapi(behind(gated, inboxRoutes.blockAuthor), async (c) =>
      c.json(await blockInboxAuthor(services, ids(c, c.req.valid('param').id)), 200),
    );
};
