// What people read where a plan's daily posts are met (issue 41 §3). No zod: the AgentBoard imports it.
import type { Plan } from './plans.ts';

/**
 * How to get more posts, said wherever a limit is met (the trigger's refusal, the usage line, the Calendar, the
 * agent form). Said once here: when billing exists, it points to the billing page instead.
 */
export const MORE_POSTS_HELP = 'Need more? Ask the operator of this server.';

const postsOf = (plan: Plan) => plan.limits.postsPerDay ?? 0;

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const QUOTA_MESSAGES = {
  /**
   * A trigger refused because today's posts are used; `next` says when the agent's next post goes out ("tomorrow
   * at 09:00", in the person's time zone), null when it posts only when triggered.
   */
  todayUsed: (plan: Plan, next: string | null) =>
    `Today's ${postsOf(plan)} posts are used (${plan.name}). ${
      next ? `The next goes out ${next}.` : 'Posts can go out again tomorrow.'
    }`,
  /** A post planned for a day whose posts are used (written, or moved, for that day): "Tomorrow's", "Fri, Nov 28's". */
  dayUsed: (plan: Plan, day: string) => `${day}'s ${postsOf(plan)} posts are used (${plan.name}). Choose another day.`,
  /**
   * The agent form, beside the interval, when it would make more posts than the plan leaves the agent: when it
   * posts instead ("09:00", in the person's time zone), and with how many agents the plan's posts are shared.
   */
  spreadNote: (plan: Plan, times: string[], sharedBy: number) =>
    `${plan.name} posts ${postsOf(plan)} ${postsOf(plan) === 1 ? 'time' : 'times'} a day${
      sharedBy > 1 ? `, shared by your ${sharedBy} agents` : ''
    }: this agent will post at about ${listed(times)}`,
} as const;
