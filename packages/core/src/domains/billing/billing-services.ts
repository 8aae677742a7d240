import type { Logger } from 'pino';
import type { PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import type { StripeClient, StripeSettings } from '../../integrations/billing/stripe-client.ts';

/** What card billing needs: the database, Stripe, the prices, and the app's address for Stripe's return links. */
export type BillingServices = {
  db: Database;
  stripe: StripeClient;
  settings: StripeSettings;
  publicUrl: string;
  defaultPlan: PlanId;
  logger: Logger;
};
