import { REPLY_SKIP_REASONS, type ReplyGuards } from '@agentcast/contracts/reply-guards-constants';
import type { ConversationPost } from '../../integrations/platforms/common/platform.ts';

/** An answer the agent gave or was asked for earlier: whom, in which conversation, and when each side spoke. */
export type PastReply = {
  authorId?: string;
  conversationId?: string;
  /** When the author's message was made. */
  askedAt?: Date;
  /** When the agent's answer went out on the platform; absent when it did not (yet), or it was not answered. */
  answeredAt?: Date;
  /** Whether the agent answers it (planned or published), not skipped. */
  isAnswered: boolean;
  /** The agent's answer's post id on the platform, once published: a reply to it continues this conversation. */
  answerPostId?: string;
  at: Date;
};

/**
 * The conversation a post belongs to: the platform's own thread id (X's conversation, Bluesky's root, Farcaster's
 * thread), or, for a reply to one of the agent's answers, that answer's conversation — which is how a Mastodon thread
 * (whose statuses name only their parent) is followed.
 */
export const conversationOf = (post: ConversationPost, history: readonly PastReply[]) =>
  (post.inReplyToPostId && history.find((reply) => reply.answerPostId === post.inReplyToPostId)?.conversationId) ||
  post.conversationId;

/** Whether `at` falls in the quiet hours, read in the account's time zone (a span may run past midnight). */
export const isQuietTime = (quietHours: ReplyGuards['quiet_hours'], at: Date, timeZone: string) => {
  if (!quietHours) return false;
  const [hour = '0', minute = '0'] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':');
  const now = Number(hour) * 60 + Number(minute);
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const [start, end] = [minutes(quietHours.start), minutes(quietHours.end)];
  return start <= end ? now >= start && now < end : now >= start || now < end;
};

const sameHandle = (list: readonly string[], handle: string) => list.includes(handle.replace(/^@/, '').toLowerCase());

/**
 * The answers of the last `messages` messages from this author, including the one now: a bot loop when each came
 * within `seconds` after one of the agent's answers to that author.
 */
const isBotLoop = (guards: ReplyGuards, post: ConversationPost, fromAuthor: PastReply[]) => {
  const answers = fromAuthor.flatMap((reply) => (reply.answeredAt ? [reply.answeredAt.getTime()] : []));
  const asked = [
    ...fromAuthor.flatMap((reply) => (reply.askedAt ? [reply.askedAt.getTime()] : [])),
    post.createdAt.getTime(),
  ]
    .sort((a, b) => a - b)
    .slice(-guards.loop_messages);
  if (asked.length < guards.loop_messages) return false;
  const window = guards.loop_seconds * 1000;
  return asked.every((at) => answers.some((answered) => answered <= at && at - answered <= window));
};

/**
 * Why the agent must not answer this post, or null when it may: the author is one of the person's own accounts, is
 * blocked or not allowed, the conversation or the author's day is at its cap, or the author answers the agent's
 * answers as fast as a bot. `history` holds the agent's earlier answers (a day's at least, the ones planned in this
 * same look included); `today` is when the day began for the per-author cap.
 */
export const replyGuardVerdict = (
  guards: ReplyGuards,
  post: ConversationPost,
  { history, ownAccountIds, today }: { history: PastReply[]; ownAccountIds: ReadonlySet<string>; today: Date },
): string | null => {
  if (ownAccountIds.has(post.authorId)) return REPLY_SKIP_REASONS.ownAccount;
  if (sameHandle(guards.block_list, post.authorUsername)) return REPLY_SKIP_REASONS.blocked;
  if (guards.allow_list.length > 0 && !sameHandle(guards.allow_list, post.authorUsername))
    return REPLY_SKIP_REASONS.notAllowed;
  const answered = history.filter((reply) => reply.isAnswered);
  const conversation = conversationOf(post, history);
  if (answered.filter((reply) => reply.conversationId === conversation).length >= guards.max_per_conversation)
    return REPLY_SKIP_REASONS.conversationCap(guards.max_per_conversation);
  const fromAuthor = history.filter((reply) => reply.authorId === post.authorId);
  if (
    fromAuthor.filter((reply) => reply.isAnswered && reply.at.getTime() >= today.getTime()).length >=
    guards.max_per_author_per_day
  )
    return REPLY_SKIP_REASONS.authorCap(guards.max_per_author_per_day);
  if (isBotLoop(guards, post, fromAuthor)) return REPLY_SKIP_REASONS.botLoop(guards.loop_messages, guards.loop_seconds);
  return null;
};
