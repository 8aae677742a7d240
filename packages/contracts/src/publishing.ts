import type { Plan } from './plans.ts';

/** The instruction of a scheduled post: no topic named, so each post takes one of the agent's topics. */
export const SCHEDULED_INSTRUCTION = 'Write your next scheduled post on one of your topics.';

const PLATFORM_NAMES: Record<string, string> = { terminal: 'Terminal', x: 'X', linkedin: 'LinkedIn' };
export const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

/** What the terminal says about runs that did not post, and why. */
export const PUBLISHING_MESSAGES = {
  overPostQuota: (plan: Plan) =>
    `Skipped: the ${plan.name} plan allows ${plan.limits.postsPerDay} posts a day and today's are used. Posting resumes at midnight UTC.`,
  overReplyQuota: (plan: Plan) =>
    `Not replied: the ${plan.name} plan allows ${plan.limits.repliesPerDay} replies a day and today's are used. Replies resume at midnight UTC.`,
  notConnected: (platform: string) =>
    `Not published: no ${platformName(platform)} account is connected. Connect one on the Agent builder page or in the agent's settings.`,
  noAdapter: (platform: string) => `Not published: publishing to ${platformName(platform)} is not available on this server.`,
  membershipLost: (reason: string) => `Scheduled activity paused: ${reason}`,
  runFailed: (reason: string) => `This run failed: ${reason}`,
  unknownOutcome: (platform: string) =>
    `${platformName(platform)} did not answer after the post was sent; checking the account's recent posts before trying again.`,
} as const;

/** Today's usage against the account's plan, as the dashboard shows it. */
export type UsageSummary = {
  plan: { id: Plan['id']; name: string };
  /** null: unlimited. */
  limits: { postsPerDay: number | null; repliesPerDay: number | null; accounts: number | null };
  today: { posts: number; replies: number };
  /** When today's counts start again (next midnight UTC), ISO 8601. */
  resetsAt: string;
};
