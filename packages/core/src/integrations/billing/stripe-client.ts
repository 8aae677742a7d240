import Stripe from 'stripe';
import type { PaidPlanId } from '@agentcast/contracts/billing';
import type { BillingPeriod } from '@agentcast/contracts/plans';

/** Card payments as the operator configured them (STRIPE_*): off when absent. */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or the tests' loopback fake. */
  apiBaseUrl: string;
  /** The recurring price of each plan and period. */
  prices: Record<PaidPlanId, Record<BillingPeriod, string>>;
};

/** The official client, pointed at `apiBaseUrl` (host, port and protocol are all it takes). */
export const createStripeClient = ({ secretKey, apiBaseUrl }: StripeSettings, { timeoutMs }: { timeoutMs: number }) => {
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
    timeout: timeoutMs,
    // Each request carries an idempotency key, so a retried one is never applied twice.
    maxNetworkRetries: 2,
  });
};

export type StripeClient = ReturnType<typeof createStripeClient>;
export { Stripe };
