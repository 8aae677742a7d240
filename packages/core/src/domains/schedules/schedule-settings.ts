/** How schedules run. Production keeps the defaults; tests shorten the minute to see many slots quickly. */
export type ScheduleSettings = {
  /** The length of one minute of a post interval. 60,000 except in tests (SCHEDULE_MINUTE_MS). */
  minuteMs: number;
  /** How often an agent with the chat activity looks for posts to reply to. */
  chatPollMs: number;
};

export const DEFAULT_SCHEDULE_SETTINGS: ScheduleSettings = { minuteMs: 60_000, chatPollMs: 120_000 };
