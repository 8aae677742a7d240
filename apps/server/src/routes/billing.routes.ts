import { billingRoutes } from '@agentcast/contracts/api/billing-routes';
import { BILLING_MESSAGES } from '@agentcast/contracts/billing';
import type { BillingServices } from '@agentcast/core/domains/billing/billing-services';
import { getBillingStatus } from '@agentcast/core/domains/billing/billing-status';
import { handleStripeEvent } from '@agentcast/core/domains/billing/handle-stripe-event';
import { openBillingPortal } from '@agentcast/core/domains/billing/open-billing-portal';
import { startCheckout } from '@agentcast/core/domains/billing/start-checkout';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { AppError } from '@agentcast/core/kernel/app-error';
import type { Database } from '@agentcast/db/client';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = {
  session: SessionCheck;
  membership: MembershipServices;
  db: Database;
  /** Absent when the operator did not configure Stripe: billing is off. */
  billing: BillingServices | undefined;
};

/**
 * Billing (issue 37): signed in but not behind the membership gate, like Settings, so that paying is never locked
 * behind what it pays for. Only Owners pay (the `billing` action).
 */
export const createBillingRoutes = ({ session, db, billing }: Options) => {
  const signedIn = [requireCaller(session)];
  const configured = () => {
    if (!billing) throw new AppError('NOT_FOUND', BILLING_MESSAGES.off);
    return billing;
  };
  return createApiRouter()
    .openapi(behind(signedIn, billingRoutes.status), async (c) =>
      c.json(await getBillingStatus(db, { workspaceId: c.get('workspace').id, enabled: billing !== undefined }), 200),
    )
    .openapi(behind(signedIn, billingRoutes.checkout), async (c) =>
      c.json(await startCheckout(configured(), { ...actingMember(c), input: c.req.valid('json') }), 201),
    )
    .openapi(behind(signedIn, billingRoutes.portal), async (c) =>
      c.json(await openBillingPortal(configured(), actingMember(c)), 201),
    )
    .openapi(billingRoutes.stripeWebhook, async (c) => {
      // The signature is over the exact bytes Stripe sent: the body is read as text, never parsed first.
      const payload = await c.req.text();
      return c.json(
        await handleStripeEvent(configured(), { payload, signature: c.req.header('stripe-signature') }),
        200,
      );
    });
};
