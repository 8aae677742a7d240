/** The plans sold on the landing page (spec §1, §9). Quotas are enforced on the server from the same numbers. */
export const PLAN_IDS = ['starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
/** The landing page's Monthly/Yearly toggle, and what a plan is bought for. */
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export type PlanLimits = {
  /** Posts, memes and videos together, per day; null means unlimited. */
  postsPerDay: number | null;
  repliesPerDay: number | null;
  /** Linked social accounts; null means the plan states no limit. */
  accounts: number | null;
};

export type Plan = {
  id: PlanId;
  name: string;
  tagline: string;
  /** USD; null for custom pricing. */
  price: Record<BillingPeriod, number | null>;
  /** The discount that the yearly price (or, for custom plans, the best deal) gives. */
  discountPercent: number;
  isCustom: boolean;
  limits: PlanLimits;
  features: string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    tagline: 'One agent, posting every day',
    price: { monthly: 150, yearly: 1350 },
    discountPercent: 25,
    isCustom: false,
    limits: { postsPerDay: 2, repliesPerDay: 50, accounts: null },
    features: [
      '2 posts, memes or videos a day',
      'Up to 50 replies a day',
      'X and LinkedIn publishing',
      'Live agent terminal',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    tagline: 'For creators and growing brands',
    price: { monthly: 250, yearly: 2400 },
    discountPercent: 20,
    isCustom: false,
    limits: { postsPerDay: 15, repliesPerDay: 300, accounts: 5 },
    features: ['15 posts a day', 'Up to 300 replies a day', '5 social accounts', 'Memes, graphics and video'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    tagline: 'For agencies and teams',
    price: { monthly: null, yearly: null },
    discountPercent: 60,
    isCustom: true,
    limits: { postsPerDay: null, repliesPerDay: null, accounts: null },
    features: [
      'Unlimited posts and replies',
      'Unlimited accounts',
      'Custom models and data sources',
      'Priority support',
    ],
  },
];
