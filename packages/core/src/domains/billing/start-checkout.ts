import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES, type CheckoutInput } from '@agentcast/contracts/billing';
import { PATHS } from '@agentcast/contracts/paths';
import { user } from '@agentcast/db/schema/auth';
import { workspaceBilling } from '@agentcast/db/schema/billing';
import { workspace } from '@agentcast/db/schema/workspaces';
import { AppError } from '../../kernel/app-error.ts';
import type { BillingServices } from './billing-services.ts';
import { hasPaidPlan } from './billing-status.ts';
import { stripeFailure } from './stripe-failure.ts';

/** The workspace's Stripe customer: made once, with the paying member's e-mail, and kept. */
const customerOf = async (
  services: BillingServices,
  { workspaceId, userId }: { workspaceId: string; userId: string },
) => {
  const [billing] = await services.db
    .select()
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  if (billing) return billing;
  const [payer] = await services.db
    .select({ email: user.email, workspaceName: workspace.name })
    .from(user)
    .innerJoin(workspace, eq(workspace.id, workspaceId))
    .where(eq(user.id, userId));
  const customer = await services.stripe.customers.create(
    { email: payer?.email, name: payer?.workspaceName, metadata: { workspace_id: workspaceId } },
    // Two clicks at once make one customer.
    { idempotencyKey: `customer:${workspaceId}` },
  );
  const [saved] = await services.db
    .insert(workspaceBilling)
    .values({ workspaceId, stripeCustomerId: customer.id })
    .onConflictDoUpdate({ target: workspaceBilling.workspaceId, set: { updatedAt: new Date() } })
    .returning();
  return saved!;
};

/**
 * Starts Stripe Checkout in subscription mode for a plan and period (issue 37 §2): answers the hosted page's URL.
 * The workspace is named in the session and in the subscription's metadata, which the webhook reads back. A workspace
 * that already pays is sent to the customer portal instead.
 */
export const startCheckout = async (
  services: BillingServices,
  { workspaceId, userId, input }: { workspaceId: string; userId: string; input: CheckoutInput },
) => {
  try {
    const billing = await customerOf(services, { workspaceId, userId });
    if (hasPaidPlan(billing)) throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
    const settingsUrl = new URL(PATHS.settings, services.publicUrl);
    const metadata = { workspace_id: workspaceId, plan: input.plan, period: input.period };
    const session = await services.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: billing.stripeCustomerId,
      client_reference_id: workspaceId,
      line_items: [{ price: services.settings.prices[input.plan][input.period], quantity: 1 }],
      metadata,
      subscription_data: { metadata },
      success_url: `${settingsUrl}?billing=paid&workspace=${encodeURIComponent(workspaceId)}`,
      cancel_url: `${settingsUrl}?billing=cancelled&workspace=${encodeURIComponent(workspaceId)}`,
    });
    if (!session.url) throw new AppError('UPSTREAM_FAILED', BILLING_MESSAGES.stripeFailed('Checkout gave no page'));
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error);
  }
};
