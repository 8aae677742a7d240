import { randomBytes } from 'node:crypto';
import { threadsTimestamp } from './threads-fake-graph.ts';

export type ThreadsAccount = { id: string; username: string; name: string; token: string };

/** What Threads downloaded from a URL it was given. */
export type ThreadsDownload = { url: string; contentType: string; bytes: Buffer };

export type ThreadsContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export type ThreadsContainer = {
  id: string;
  owner: string;
  media_type: 'TEXT' | 'IMAGE' | 'VIDEO' | 'CAROUSEL';
  text: string;
  image_url?: string;
  video_url?: string;
  alt_text?: string;
  is_carousel_item: boolean;
  /** A carousel's item containers, in order. */
  children: string[];
  reply_to_id?: string;
  downloads: ThreadsDownload[];
  status: ThreadsContainerStatus;
  /** Status reads still answering IN_PROGRESS. */
  pollsLeft: number;
  /** What processing ends in. */
  outcome: 'FINISHED' | 'ERROR';
};

/** A published post (a reply too), in Threads' field names. */
export type ThreadsPost = {
  id: string;
  owner: string;
  username: string;
  text: string;
  media_type: 'TEXT_POST' | 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_url?: string;
  /** A carousel's items. */
  children: { id: string; media_type: 'IMAGE' | 'VIDEO'; media_url: string }[];
  shortcode: string;
  permalink: string;
  /** Threads' form, 2026-05-01T10:00:00+0000; tests may move it back to age a post. */
  timestamp: string;
  /** The container it was published from; absent for replies a test added. */
  containerId?: string;
  /** The conversation's first post (itself for a post that is not a reply). */
  root_post: string;
  /** The post it answers, for a reply. */
  replied_to?: string;
  hide_status: 'NOT_HUSHED' | 'UNHUSHED' | 'HIDDEN' | 'COVERED' | 'BLOCKED' | 'RESTRICTED';
};

/** A post's insights, in Threads' metric names (`GET /{media-id}/insights?metric=…`). */
export type ThreadsInsights = {
  views: number;
  likes: number;
  replies: number;
  reposts: number;
  quotes: number;
  shares: number;
};

export type ThreadsFakeSettings = {
  /** A new video container answers IN_PROGRESS to this many status reads before it ends. */
  videoPolls: number;
  /** The same for text, image and carousel containers (0: FINISHED at once). */
  otherPolls: number;
  /** How a video container's processing ends: ERROR as for a video Threads cannot transcode. */
  videoOutcome: 'FINISHED' | 'ERROR';
  /** The `error_message` of a container that ended in ERROR. */
  errorMessage: string;
  /** Posts an account may publish in 24 hours (Threads: 250), and replies (1,000). */
  quotaTotal: number;
  replyQuotaTotal: number;
  /** How long Threads waits for a medium to download. */
  downloadTimeoutMs: number;
  /** False: the token lacks threads_manage_insights, so insights answer the Graph permission error (#10). */
  canReadInsights: boolean;
  /** GET of a just-published post answers "does not exist" this many times (a failed read after publishing). */
  unreadablePostReads: number;
  /** Items a conversation page holds unless `limit` says otherwise. */
  conversationPageSize: number;
};

export type ThreadsFakeState = {
  accounts: Map<string, ThreadsAccount>;
  tokens: Map<string, string>;
  containers: ThreadsContainer[];
  posts: ThreadsPost[];
  insights: Map<string, ThreadsInsights>;
  settings: ThreadsFakeSettings;
  nextId: () => string;
  accountFor: (id: string, username?: string, name?: string) => ThreadsAccount;
};

export const createThreadsFakeState = (): ThreadsFakeState => {
  const accounts = new Map<string, ThreadsAccount>();
  // Threads ids are 17 digits and more: past JavaScript's safe integers, so they stay strings.
  let next = 17_841_400_000_000_000n;
  const nextId = () => String((next += 1n));
  return {
    accounts,
    tokens: new Map(),
    containers: [],
    posts: [],
    insights: new Map(),
    settings: {
      videoPolls: 0,
      otherPolls: 0,
      videoOutcome: 'FINISHED',
      errorMessage: 'FAILED_PROCESSING_VIDEO',
      quotaTotal: 250,
      replyQuotaTotal: 1000,
      downloadTimeoutMs: 5000,
      canReadInsights: true,
      unreadablePostReads: 0,
      conversationPageSize: 25,
    },
    nextId,
    accountFor: (id, username, name) => {
      const known = accounts.get(id);
      if (known) return known;
      const account = {
        id,
        username: username ?? `threads_user_${id.slice(-6)}`,
        name: name ?? 'Threads User',
        token: '',
      };
      accounts.set(id, account);
      return account;
    },
  };
};

/** A new post of `account`, as Threads stores it once published (or as someone else wrote it). */
export const newThreadsPost = (
  state: ThreadsFakeState,
  account: ThreadsAccount,
  fields: Pick<ThreadsPost, 'text' | 'media_type'> & Partial<ThreadsPost>,
): ThreadsPost => {
  const id = state.nextId();
  const shortcode = randomBytes(8).toString('base64url');
  const parent = fields.replied_to ? state.posts.find((post) => post.id === fields.replied_to) : undefined;
  const post: ThreadsPost = {
    id,
    owner: account.id,
    username: account.username,
    children: [],
    shortcode,
    permalink: `https://www.threads.net/@${account.username}/post/${shortcode}`,
    timestamp: threadsTimestamp(new Date()),
    root_post: parent?.root_post ?? id,
    hide_status: 'NOT_HUSHED',
    ...fields,
  };
  state.posts.push(post);
  return post;
};

/** Newest first, as Threads lists posts; a tie in the second goes to the later id. */
export const newestFirst = (a: ThreadsPost, b: ThreadsPost) =>
  Date.parse(b.timestamp) - Date.parse(a.timestamp) || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
