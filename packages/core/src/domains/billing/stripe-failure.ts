import { BILLING_MESSAGES } from '@agentcast/contracts/billing';
import { AppError } from '../../kernel/app-error.ts';

/**
 * Whether an error is the Stripe client's (StripeAPIError, StripeConnectionError, …): told by its `type`, so that
 * the client's module is loaded only where billing is configured, never to recognise its errors.
 */
const isStripeError = (error: unknown): error is Error & { type: string } => {
  const type: unknown = error instanceof Error ? (error as unknown as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.startsWith('Stripe');
};

/** A call to Stripe that failed, said in a sentence (502): never a stack trace. Other errors pass unchanged. */
export const stripeFailure = (error: unknown) =>
  isStripeError(error) ? new AppError('UPSTREAM_FAILED', BILLING_MESSAGES.stripeFailed(error.message)) : error;
