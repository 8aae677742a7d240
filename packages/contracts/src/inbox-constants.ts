// The Inbox tab (issue 34 §3): the states a message addressed to an agent can be in, and the words the Inbox and its
// API use. Zod-free, so the dashboard's tab label can read them without the schemas.

/** new: the agent is answering it, or could not; waiting: its answer is a draft for a person; answered; ignored. */
export const INBOX_STATES = ['new', 'waiting', 'answered', 'ignored'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_STATE_LABELS: Readonly<Record<InboxState, string>> = {
  new: 'New',
  waiting: 'Waiting for approval',
  answered: 'Answered',
  ignored: 'Ignored',
};

/** Where an answer is: being written, a draft waiting for a person, on its way, on the platform, or refused there. */
export const INBOX_ANSWER_STATUSES = ['writing', 'draft', 'sending', 'sent', 'failed'] as const;
export type InboxAnswerStatus = (typeof INBOX_ANSWER_STATUSES)[number];

/** Messages a page of the Inbox holds, at most (a conversation may continue on the next page). */
export const INBOX_PAGE_SIZE = 50;
/** A page cursor: when the last message of the page was planned, and its id (messages planned together share a time). */
export const INBOX_CURSOR_PATTERN = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[0-9a-f-]{36}$/;

export const INBOX_MESSAGES = {
  notFound: 'Inbox message not found',
  alreadyAnswered: 'This message was already answered: nothing is answered twice.',
  beingWritten: 'The agent is writing its answer right now: try again in a moment.',
  textRequired: 'Write the answer to send.',
  notADraft: 'Only an answer waiting for approval can be regenerated.',
  ignoredByYou: 'Ignored by you.',
  /** `address`: as the platform addresses the person ("@ada", a Facebook name: contracts' addressOf). */
  blocked: (address: string, agentName: string) => `${address} is blocked: ${agentName} will not answer them again.`,
  discordNotAnswered:
    'Discord messages do not come to the Inbox: reading them needs a bot that stays connected to Discord’s Gateway, so agents post to Discord but do not answer there.',
  empty:
    'No messages yet. When someone mentions or answers one of your agents where it answers people, it shows up here.',
} as const;
