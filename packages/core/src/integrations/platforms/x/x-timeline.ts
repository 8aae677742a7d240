import type { ConversationPage, ConversationPost } from '../common/platform.ts';
import { decodeHtmlEntities } from './decode-html-entities.ts';
import { xPostUrl } from './x-post-url.ts';
import type { XRequester } from './x-requester.ts';

type XTweet = {
  id: string;
  text: string;
  author_id?: string;
  conversation_id?: string;
  created_at?: string;
  in_reply_to_user_id?: string;
  referenced_tweets?: { type: string; id: string }[];
};
type XTimelineAnswer = {
  data?: XTweet[];
  includes?: { users?: { id: string; username: string; name?: string }[] };
  meta?: { next_token?: string };
};

const byId = (a: ConversationPost, b: ConversationPost) => (BigInt(a.postId) < BigInt(b.postId) ? -1 : 1);

/**
 * Pages of a user's posts or mentions (`users/:id/tweets`, `users/:id/mentions`), newer than `sinceId` or after
 * `startTime`, with the fields that tell who wrote a post and whether it answers another. Without a lower bound
 * only the first page is read (the latest posts); with one, up to `maxPages` pages, so a long outage cannot turn
 * into an unbounded crawl.
 */
export const readXTimeline = async (
  api: XRequester,
  {
    path,
    userId,
    sinceId,
    startTime,
    exclude,
    maxPages = 5,
  }: {
    path: 'users/:id/tweets' | 'users/:id/mentions';
    userId: string;
    sinceId?: string;
    startTime?: Date;
    exclude?: string;
    maxPages?: number;
  },
): Promise<ConversationPage> => {
  const posts: ConversationPost[] = [];
  let paginationToken: string | undefined;
  const pages = sinceId || startTime ? maxPages : 1;
  for (let page = 0; page < pages; page += 1) {
    const answer = await api.get<XTimelineAnswer>(
      path,
      {
        max_results: 100,
        since_id: sinceId,
        start_time: startTime?.toISOString().replace(/\.\d+Z$/, 'Z'),
        exclude,
        pagination_token: paginationToken,
        'tweet.fields': 'author_id,conversation_id,created_at,in_reply_to_user_id,referenced_tweets',
        expansions: 'author_id',
        'user.fields': 'name,username',
      },
      {
        what: path.endsWith('mentions') ? 'the request for mentions' : 'the request for recent posts',
        params: { id: userId },
      },
    );
    const users = new Map((answer.includes?.users ?? []).map((user) => [user.id, user]));
    for (const tweet of answer.data ?? []) {
      const repliedTo = tweet.referenced_tweets?.find((reference) => reference.type === 'replied_to')?.id;
      const author = users.get(tweet.author_id ?? '');
      const authorUsername = author?.username ?? '';
      posts.push({
        postId: tweet.id,
        url: xPostUrl(tweet.id, authorUsername || undefined),
        text: decodeHtmlEntities(tweet.text),
        authorId: tweet.author_id ?? '',
        authorUsername,
        ...(author?.name && { authorName: author.name }),
        ...(authorUsername && { authorUrl: `https://x.com/${authorUsername}` }),
        conversationId: tweet.conversation_id ?? tweet.id,
        createdAt: new Date(tweet.created_at ?? Date.now()),
        isReply: repliedTo !== undefined || tweet.in_reply_to_user_id !== undefined,
        ...(repliedTo && { inReplyToPostId: repliedTo }),
        ...(tweet.in_reply_to_user_id && { inReplyToUserId: tweet.in_reply_to_user_id }),
      });
    }
    paginationToken = answer.meta?.next_token;
    if (!paginationToken) break;
  }
  posts.sort(byId);
  return { posts, ...(posts.length > 0 && { newestId: posts.at(-1)?.postId }) };
};
