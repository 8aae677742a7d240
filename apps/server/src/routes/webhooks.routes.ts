import { webhooksRoutes } from '@agentcast/contracts/api/webhooks-routes';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { listWebhookDeliveries } from '@agentcast/core/domains/webhooks/list-webhook-deliveries';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from '@agentcast/core/domains/webhooks/manage-webhook-endpoints';
import { resendWebhookDelivery, sendTestWebhook } from '@agentcast/core/domains/webhooks/queue-webhook-delivery';
import { revealWebhookSecret, rotateWebhookSecret } from '@agentcast/core/domains/webhooks/webhook-secrets';
import type { WebhookServices } from '@agentcast/core/domains/webhooks/webhook-services';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = {
  session: SessionCheck;
  membership: MembershipServices;
  /** `targets`: where endpoints may point (checked when one is saved). */
  webhooks: WebhookServices;
};

/**
 * Settings → Webhooks (gated like the dashboard; API keys may manage them too): the account's endpoints, their
 * secrets and their delivery logs. The requests themselves go out from the worker's deliver-webhook jobs.
 */
export const createWebhooksRoutes = ({ session, membership, webhooks }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, webhooksRoutes.list), async (c) =>
      c.json({ endpoints: await listWebhookEndpoints(webhooks, c.get('workspace').id) }, 200),
    )
    .openapi(behind(gated, webhooksRoutes.create), async (c) =>
      c.json(await createWebhookEndpoint(webhooks, actingMember(c), c.req.valid('json')), 201),
    )
    .openapi(behind(gated, webhooksRoutes.update), async (c) => {
      const owned = { workspaceId: c.get('workspace').id, endpointId: c.req.valid('param').id };
      return c.json(await updateWebhookEndpoint(webhooks, owned, c.req.valid('json')), 200);
    })
    .openapi(behind(gated, webhooksRoutes.remove), async (c) => {
      await deleteWebhookEndpoint(webhooks, { ...actingMember(c), endpointId: c.req.valid('param').id });
      return c.body(null, 204);
    })
    .openapi(behind(gated, webhooksRoutes.revealSecret), async (c) =>
      c.json(
        await revealWebhookSecret(webhooks, {
          workspaceId: c.get('workspace').id,
          endpointId: c.req.valid('param').id,
        }),
        200,
      ),
    )
    .openapi(behind(gated, webhooksRoutes.rotateSecret), async (c) =>
      c.json(
        await rotateWebhookSecret(webhooks, {
          workspaceId: c.get('workspace').id,
          endpointId: c.req.valid('param').id,
        }),
        200,
      ),
    )
    .openapi(behind(gated, webhooksRoutes.deliveries), async (c) => {
      const { before, limit } = c.req.valid('query');
      const input = { workspaceId: c.get('workspace').id, endpointId: c.req.valid('param').id, before, limit };
      return c.json(await listWebhookDeliveries(webhooks.db, input), 200);
    })
    .openapi(behind(gated, webhooksRoutes.resend), async (c) => {
      const { id, delivery_id: deliveryId } = c.req.valid('param');
      return c.json(
        await resendWebhookDelivery(webhooks, { workspaceId: c.get('workspace').id, endpointId: id, deliveryId }),
        200,
      );
    })
    .openapi(behind(gated, webhooksRoutes.sendTest), async (c) =>
      c.json(
        await sendTestWebhook(webhooks, { workspaceId: c.get('workspace').id, endpointId: c.req.valid('param').id }),
        200,
      ),
    );
};
