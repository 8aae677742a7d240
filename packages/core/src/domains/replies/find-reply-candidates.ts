import { eq } from 'drizzle-orm';
import type { ChatConfiguration } from '@agentcast/contracts/agents';
import type { Database } from '@agentcast/db/client';
import { conversationCursor } from '@agentcast/db/schema/schedules';
import type {
  ConversationPage,
  ConversationPlatform,
  ConversationPost,
  PlatformCredentials,
} from '../../integrations/platforms/common/platform.ts';

type Cursor = { source: string; sinceId: string | null; platformUserId: string | null };
export type CursorUpdate = { source: string; sinceId: string | null; platformUserId: string | null };

/**
 * New posts the agent may answer on one platform: its mentions, and the posts of the accounts in reply_to_usernames
 * (where the platform can follow an account), each since the last poll. Never its own posts; replies to replies only when reply_to_replies is on. On a source's first
 * poll, only posts from the last `firstPollWindowMs` count: turning chat on answers what is happening now, not
 * the account's whole history. Returns the posts (oldest first), where each source got to, the ids of every
 * post the platform returned (each one a read X bills, answered or not), and the cursors to delete (taken over).
 */
export const findReplyCandidates = async (
  db: Database,
  {
    platform,
    credentials,
    agentId,
    configuration,
    now,
    firstPollWindowMs,
  }: {
    platform: ConversationPlatform;
    credentials: PlatformCredentials;
    agentId: string;
    configuration: ChatConfiguration;
    now: Date;
    firstPollWindowMs: number;
  },
) => {
  const cursors = new Map(
    (await db.select().from(conversationCursor).where(eq(conversationCursor.agentId, agentId))).map(
      (row): [string, Cursor] => [row.source, row],
    ),
  );
  // Per connected account: a cursor of one account (a Mastodon min_id, a bot's update id) means nothing to another,
  // so reconnecting the agent's platform to another account starts that account's own. Cursors kept before they
  // named the account (`x:mentions`) are taken over by the account connected now, and retired.
  const mentions = `${platform.id}:mentions:${credentials.accountId}`;
  const legacySource = `${platform.id}:mentions`;
  const legacy = cursors.get(legacySource);
  const retired = legacy ? [legacySource] : [];
  if (legacy && !cursors.has(mentions)) cursors.set(mentions, legacy);
  const updates: CursorUpdate[] = [];
  const found: ConversationPost[] = [];
  const read: string[] = [];
  const take = (source: string, page: ConversationPage, platformUserId: string | null) => {
    read.push(...page.posts.map((post) => post.postId));
    const cursor = cursors.get(source);
    const isFirstPoll = !cursor?.sinceId;
    found.push(
      ...page.posts.filter((post) => !isFirstPoll || now.getTime() - post.createdAt.getTime() <= firstPollWindowMs),
    );
    updates.push({ source, sinceId: page.newestId ?? cursor?.sinceId ?? null, platformUserId });
  };

  take(
    mentions,
    await platform.findMentions(credentials, {
      sinceId: cursors.get(mentions)?.sinceId ?? undefined,
      notBefore: new Date(now.getTime() - firstPollWindowMs),
    }),
    null,
  );
  const { follows } = platform;
  for (const username of follows ? configuration.reply_to_usernames : []) {
    if (!follows) break;
    const source = `${platform.id}:user:${username.replace(/^@/, '').toLowerCase()}`;
    const cursor = cursors.get(source);
    const userId = cursor?.platformUserId ?? (await follows.findUser(credentials, username.replace(/^@/, '')))?.id;
    if (!userId) continue;
    take(source, await follows.findUserPosts(credentials, { userId, sinceId: cursor?.sinceId ?? undefined }), userId);
  }

  const unique = new Map(found.map((post) => [post.postId, post]));
  const posts = [...unique.values()]
    .filter((post) => post.authorId !== credentials.accountId)
    .filter((post) => configuration.reply_to_replies || !post.isReply)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { posts, updates, read, retired };
};
