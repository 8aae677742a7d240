// The values of costs.ts that need no schema: what the browser's first screen (the AgentBoard) imports without
// loading zod. costs.ts re-exports them, so every other importer keeps importing from there.

/**
 * What a platform bills per call (issue 17 §7), in US dollars per unit: X's pay-per-use credits (docs.x.com pricing,
 * 2026): creating a post $0.015, or $0.20 when it carries a URL; reading a post $0.005, billed once per UTC day.
 * LinkedIn's API is free of charge. (X's price for the account's own data, $0.001, joins when the meter counts the
 * reads of reconciliation.) The `PLATFORM_PRICES` setting replaces any of these (JSON, e.g. `{"x.read": 0.006}`)
 * when a platform changes its prices.
 */
export const DEFAULT_PLATFORM_PRICES = {
  'x.post': 0.015,
  'x.post_with_url': 0.2,
  'x.read': 0.005,
} as const;

export type BillableCall = keyof typeof DEFAULT_PLATFORM_PRICES;
export const BILLABLE_CALLS = Object.keys(DEFAULT_PLATFORM_PRICES) as BillableCall[];
export type PlatformPrices = Record<BillableCall, number>;

/** How a person reads a number of each kind of call on the dashboard: "1 post on X", "3 posts read on X". */
export const describeBillableCalls = (call: BillableCall, units: number) => {
  const posts = units === 1 ? 'post' : 'posts';
  const what = {
    'x.post': `${posts} on X`,
    'x.post_with_url': `${posts} on X with a link`,
    'x.read': `${posts} read on X`,
  }[call];
  return `${units} ${what}`;
};

/** US dollars as the dashboard and the terminal write them: $0.015, $5.00. */
const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});
export const formatUsd = (usd: number) => USD.format(usd);

export const COST_MESSAGES = {
  /** A post to X refused by the agent's monthly budget (the delivery's note in the terminal). */
  budgetReachedForPost: (budgetUsd: number, spentUsd: number, postUsd: number, posts = 1) =>
    `Not posted to X: this agent's monthly budget of ${formatUsd(budgetUsd)} is reached (${formatUsd(spentUsd)} spent this month; ${posts > 1 ? `the thread's ${posts} posts cost` : 'a post costs'} ${formatUsd(postUsd)}). Raise the budget to resume.`,
  /** The dashboard's banner for an agent stopped by its budget. */
  budgetReachedBanner: (agentName: string, budgetUsd: number, spentUsd: number) =>
    `${agentName} has reached its monthly budget of ${formatUsd(budgetUsd)} (${formatUsd(spentUsd)} spent): it stops posting to X, reading its mentions and reading its posts' metrics until next month. Raise its budget in the agent's settings to resume.`,
} as const;
