import { z } from 'zod';
import { PLAN_IDS } from './plans.ts';

export * from './publishing-constants.ts';

/** Today's usage against the account's plan, as the dashboard shows it. */
export const usageSummarySchema = z.object({
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string() }),
  /** null: unlimited. */
  limits: z.object({
    postsPerDay: z.number().nullable(),
    repliesPerDay: z.number().nullable(),
    accounts: z.number().nullable(),
  }),
  today: z.object({ posts: z.number(), replies: z.number() }),
  /** The distinct social accounts the plan counts against `limits.accounts`. */
  connectedAccounts: z.number(),
  /** When today's counts start again (next midnight UTC), ISO 8601. */
  resetsAt: z.string(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
