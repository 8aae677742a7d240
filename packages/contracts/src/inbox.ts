import { z } from 'zod';
import { INBOX_ANSWER_STATUSES, INBOX_MESSAGES, INBOX_STATES } from './inbox-constants.ts';

/** One message addressed to an agent, with what became of it (the Inbox tab; `id` is the reply run's). */
export const inboxItemSchema = z.object({
  id: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  platform: z.string(),
  state: z.enum(INBOX_STATES),
  /** When the message was made on the platform. */
  received_at: z.string(),
  author: z.object({ handle: z.string(), name: z.string().nullable(), url: z.string().nullable() }),
  text: z.string(),
  /** The message on the platform. */
  url: z.string().nullable(),
  /** The agent's answer: drafted, on its way, sent (with its link) or refused by the platform; null while none. */
  answer: z
    .object({
      text: z.string(),
      status: z.enum(INBOX_ANSWER_STATUSES),
      url: z.string().nullable(),
      error: z.string().nullable(),
      /** Written by a person ("Reply yourself"), not by the agent. */
      by_person: z.boolean(),
    })
    .nullable(),
  /** Why it was not answered (a guard, the plan's quota, a failure, or a person's "Ignore"). */
  reason: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** A conversation's messages on one platform with one agent, oldest first. */
export const inboxConversationSchema = z.object({
  id: z.string(),
  platform: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }),
  items: z.array(inboxItemSchema),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const inboxPageSchema = z.object({
  /** Newest first, by their newest message. */
  conversations: z.array(inboxConversationSchema),
  /** Messages in each state under the agent and platform filters. */
  counts: z.object({ new: z.number(), waiting: z.number(), answered: z.number(), ignored: z.number() }),
  /** Conversations with a message that is new or waiting for approval: the tab's number. */
  waiting_conversations: z.number(),
  /** Pass as `before` for older messages; null on the last page. */
  next_before: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxQuerySchema = z.object({
  agent_id: z.string().optional(),
  platform: z.string().optional(),
  state: z.enum(INBOX_STATES).optional(),
  before: z.string().optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** "Send" (the draft, edited or not) and "Reply yourself" (a person's own text). */
export const inboxSendSchema = z.object({
  text: z.string().trim().min(1, INBOX_MESSAGES.textRequired).max(10_000).optional(),
});

export const inboxBlockAnswerSchema = z.object({ item: inboxItemSchema, message: z.string() });
