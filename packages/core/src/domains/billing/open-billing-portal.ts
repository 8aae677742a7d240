import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@agentcast/contracts/billing';
import { PATHS } from '@agentcast/contracts/paths';
import { workspaceBilling } from '@agentcast/db/schema/billing';
import { AppError } from '../../kernel/app-error.ts';
import type { BillingServices } from './billing-services.ts';
import { stripeFailure } from './stripe-failure.ts';

/** "Manage billing": Stripe's customer portal for the workspace's customer (card, invoices, change or cancel). */
export const openBillingPortal = async (services: BillingServices, { workspaceId }: { workspaceId: string }) => {
  const [billing] = await services.db
    .select({ customer: workspaceBilling.stripeCustomerId })
    .from(workspaceBilling)
    .where(eq(workspaceBilling.workspaceId, workspaceId));
  if (!billing) throw new AppError('CONFLICT', BILLING_MESSAGES.noCustomer);
  const returnUrl = new URL(PATHS.settings, services.publicUrl);
  returnUrl.searchParams.set('workspace', workspaceId);
  try {
    const session = await services.stripe.billingPortal.sessions.create({
      customer: billing.customer,
      return_url: returnUrl.toString(),
    });
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error);
  }
};
