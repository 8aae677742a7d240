import { z } from 'zod';

import { BILLABLE_CALLS, DEFAULT_PLATFORM_PRICES, type BillableCall } from './costs-constants.ts';

export * from './costs-constants.ts';

/** The `PLATFORM_PRICES` setting: known calls only, each a price of zero or more. */
export const platformPricesOverrideSchema = z
  .record(z.string(), z.number().nonnegative().finite())
  .refine((prices) => Object.keys(prices).every((call) => call in DEFAULT_PLATFORM_PRICES), {
    message: `PLATFORM_PRICES names calls that are not billed: the known ones are ${BILLABLE_CALLS.join(', ')}.`,
  });

const monthCostSchema = z.object({
  /** Estimated, in US dollars, from the calls counted and the prices in force when each was made. */
  usd: z.number(),
  /** How many units of each call (posts made, posts read). */
  calls: z.partialRecord(z.enum(BILLABLE_CALLS as [BillableCall, ...BillableCall[]]), z.number()),
});

/** This calendar month's (UTC) estimated platform cost, per agent and in all. */
export const platformCostsSchema = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  total: monthCostSchema,
  agents: z.array(
    monthCostSchema.extend({
      agent_id: z.string(),
      name: z.string(),
      /** The agent's monthly budget in US dollars; null: no limit. */
      budget_usd: z.number().nullable(),
      /** The next post to X would pass the budget: the agent has stopped its billable calls for the month. */
      budget_reached: z.boolean(),
    }),
  ),
});
export type PlatformCosts = z.infer<typeof platformCostsSchema>;
