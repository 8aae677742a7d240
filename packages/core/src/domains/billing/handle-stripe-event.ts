import { eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@agentcast/contracts/billing';
import { stripeEvent } from '@agentcast/db/schema/billing';
import type { Stripe } from '../../integrations/billing/stripe-client.ts';
import { AppError } from '../../kernel/app-error.ts';
import { applySubscription } from './apply-subscription.ts';
import type { BillingServices } from './billing-services.ts';
import { stripeFailure } from './stripe-failure.ts';

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** The subscription an event is about, and the workspace it names, for the events billing acts on. */
const subjectOf = (event: Stripe.Event): { subscriptionId: string | null; workspaceHint?: string | null } => {
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        subscriptionId: idOf(event.data.object.subscription),
        workspaceHint: event.data.object.client_reference_id,
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: event.data.object.id };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { subscriptionId: idOf(event.data.object.parent?.subscription_details?.subscription) };
    default:
      return { subscriptionId: null };
  }
};

/**
 * POST /api/billing/stripe/webhook: an event from Stripe, checked against its signature (a forged one is a 400), then
 * applied once: its id is recorded in the transaction that applies it, so Stripe sending it again changes nothing.
 * The event says which subscription changed; its state is read from Stripe at this moment rather than from the
 * event, so events that arrive late or out of order still leave the latest state.
 */
export const handleStripeEvent = async (
  services: BillingServices,
  { payload, signature }: { payload: string; signature: string | undefined },
) => {
  let event: Stripe.Event;
  try {
    event = services.stripe.webhooks.constructEvent(payload, signature ?? '', services.settings.webhookSecret);
  } catch {
    throw new AppError('VALIDATION_FAILED', BILLING_MESSAGES.badSignature);
  }
  const [seen] = await services.db.select().from(stripeEvent).where(eq(stripeEvent.id, event.id));
  if (seen) return { received: true as const, applied: false };
  const { subscriptionId, workspaceHint } = subjectOf(event);
  const subscription = subscriptionId
    ? await services.stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
        throw stripeFailure(error);
      })
    : null;
  const applied = await services.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!fresh) return false;
    if (subscription) await applySubscription(tx, services, { subscription, workspaceHint });
    return true;
  });
  services.logger.info({ eventId: event.id, type: event.type, subscriptionId, applied }, 'Stripe event');
  return { received: true as const, applied };
};
