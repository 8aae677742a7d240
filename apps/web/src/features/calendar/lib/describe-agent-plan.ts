import type { CalendarAgent } from '@agentcast/contracts/calendar';

/**
 * Why an agent has what it has on the calendar, in words. `plannedSlots`: how many of its slots the calendar
 * lists (none at all means it has no post schedule: posting is off or it posts only when triggered).
 */
export const describeAgentPlan = (agent: CalendarAgent, plannedSlots: number, formatTime: (date: Date) => string) => {
  if (agent.paused) return 'Paused: nothing is planned until you resume it.';
  if (agent.next_post_at) return `Next post ${formatTime(new Date(agent.next_post_at))}`;
  if (plannedSlots === 0) return 'Posts only when triggered: nothing is planned.';
  return 'No post in the next 7 days: its planned posts are skipped.';
};
