// What keeps an agent that answers people from running away (issue 34 §4): the defaults, the limits a person may
// set, and the words a skipped answer is explained with. Zod-free, for the AgentBoard's first screen.

/** An agent's guards as stored and sent (snake_case, as the rest of an agent's fields). */
export type ReplyGuards = {
  /** Answers the agent gives in one conversation (a thread), at most. */
  max_per_conversation: number;
  /** Answers the agent gives one person in a day (UTC), at most. */
  max_per_author_per_day: number;
  /** Bot-loop detection: this many messages in a row from one author, each within `loop_seconds` of the agent's reply. */
  loop_messages: number;
  loop_seconds: number;
  /** When not empty, the only handles the agent answers (without @, any case). */
  allow_list: string[];
  /** Handles the agent never answers. */
  block_list: string[];
  /** Hours when the agent does not answer, in the account's time zone ("22:00" to "07:00"); both empty: none. */
  quiet_hours: { start: string; end: string } | null;
};

export const REPLY_GUARD_DEFAULTS: ReplyGuards = {
  max_per_conversation: 3,
  max_per_author_per_day: 5,
  loop_messages: 3,
  loop_seconds: 30,
  allow_list: [],
  block_list: [],
  quiet_hours: null,
};

export const REPLY_GUARD_LIMITS = {
  maxPerConversation: { min: 1, max: 50 },
  maxPerAuthorPerDay: { min: 1, max: 100 },
  loopMessages: { min: 2, max: 20 },
  loopSeconds: { min: 5, max: 3600 },
} as const;

export const REPLY_GUARD_MESSAGES = {
  maxPerConversation: `Answers per conversation must be a whole number from ${REPLY_GUARD_LIMITS.maxPerConversation.min} to ${REPLY_GUARD_LIMITS.maxPerConversation.max}`,
  maxPerAuthorPerDay: `Answers per person a day must be a whole number from ${REPLY_GUARD_LIMITS.maxPerAuthorPerDay.min} to ${REPLY_GUARD_LIMITS.maxPerAuthorPerDay.max}`,
  loopMessages: `Bot-loop messages must be a whole number from ${REPLY_GUARD_LIMITS.loopMessages.min} to ${REPLY_GUARD_LIMITS.loopMessages.max}`,
  loopSeconds: `Bot-loop seconds must be a whole number from ${REPLY_GUARD_LIMITS.loopSeconds.min} to ${REPLY_GUARD_LIMITS.loopSeconds.max}`,
  quietHours: 'Quiet hours need both a start and an end, as HH:MM (e.g. 22:00 and 07:00)',
} as const;

/** Why a message addressed to the agent was not answered: one sentence each, shown where the message is listed. */
export const REPLY_SKIP_REASONS = {
  conversationCap: (cap: number) =>
    `Not answered: the agent already answered ${cap} ${cap === 1 ? 'time' : 'times'} in this conversation (thread cap).`,
  authorCap: (cap: number) =>
    `Not answered: the agent already answered this person ${cap} ${cap === 1 ? 'time' : 'times'} today.`,
  botLoop: (messages: number, seconds: number) =>
    `Not answered: this account's last ${messages} messages each came within ${seconds} s of the agent's reply (bot loop).`,
  notAllowed: 'Not answered: the author is not in the agent’s allow-list.',
  blocked: 'Not answered: the author is in the agent’s block-list.',
  ownAccount: 'Not answered: the message comes from one of your own connected accounts.',
  otherAgent: 'Not answered: another of your agents answers this message.',
} as const;
