import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import type { SecretBox } from '@agentcast/core/integrations/secrets/secret-box';
import type { InstagramApiFake } from '@agentcast/test-fakes/instagram-api-fake';
import type { LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import type { YouTubeApiFake } from '@agentcast/test-fakes/youtube-api-fake';

export const METRICS_PLATFORMS = ['x', 'linkedin', 'instagram', 'youtube'] as const;
export type MetricsPlatform = (typeof METRICS_PLATFORMS)[number];
export type MetricsFakes = {
  x: XApiFake;
  linkedin: LinkedInApiFake;
  instagram: InstagramApiFake;
  youtube: YouTubeApiFake;
};

const HOUR_MS = 3_600_000;
const count = () => Math.floor(Math.random() * 500);

/** One account's connection on a platform: an account of that platform's fake, with a token it accepts. */
const connectAccount = (fakes: MetricsFakes, platform: MetricsPlatform, n: number) => {
  if (platform === 'x') {
    const user = fakes.x.addUser({ username: `bench_${n}` });
    return { accountId: user.id, token: user.token };
  }
  if (platform === 'linkedin') {
    const member = fakes.linkedin.addMember();
    return { accountId: member.urn, token: member.token };
  }
  if (platform === 'instagram') {
    const account = fakes.instagram.addAccount();
    return { accountId: account.id, token: account.token };
  }
  const channel = fakes.youtube.addChannel();
  return { accountId: channel.id, token: channel.token };
};

let nextLinkedIn = 7_400_000_000_000_000_000n;
let nextInstagram = 18_900_000_000_000_000n;

/** A post of the account on the platform's fake, with metrics to read; its platform id. */
const seedPlatformPost = (fakes: MetricsFakes, platform: MetricsPlatform, accountId: string, at: Date) => {
  if (platform === 'x') {
    const post = fakes.x.seedPost({
      authorId: accountId,
      text: `Bench ${randomBytes(6).toString('hex')}`,
      createdAt: at,
    });
    fakes.x.setMetrics(post.id, {
      impression_count: count() * 20,
      like_count: count(),
      retweet_count: (count() / 10) | 0,
    });
    return post.id;
  }
  if (platform === 'linkedin') {
    const id = `urn:li:share:${(nextLinkedIn += 1n)}`;
    fakes.linkedin.posts.push({
      id,
      author: accountId,
      commentary: 'Bench',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: {},
      isReshareDisabledByAuthor: false,
      createdAt: at.getTime(),
    });
    fakes.linkedin.setMetrics(id, { totalLikes: count(), aggregatedTotalComments: (count() / 10) | 0 });
    return id;
  }
  if (platform === 'instagram') {
    const id = String((nextInstagram += 1n));
    fakes.instagram.media.push({
      id,
      owner: accountId,
      caption: 'Bench',
      media_type: 'IMAGE',
      media_product_type: 'FEED',
      shortcode: id,
      permalink: `https://www.instagram.com/p/${id}/`,
      timestamp: at.toISOString().replace(/\.\d+Z$/, '+0000'),
      containerId: '1',
    });
    fakes.instagram.setMetrics(id, {
      views: count() * 10,
      reach: count() * 5,
      likes: count(),
      saved: (count() / 20) | 0,
    });
    return id;
  }
  const id = randomBytes(9).toString('base64url').slice(0, 11);
  fakes.youtube.videos.push({
    id,
    channelId: accountId,
    title: 'Bench',
    description: 'Bench',
    categoryId: '22',
    privacyStatus: 'public',
    selfDeclaredMadeForKids: false,
    publishedAt: at.toISOString(),
    contentType: 'video/mp4',
    bytes: Buffer.alloc(0),
  });
  fakes.youtube.setMetrics(id, { viewCount: count() * 10, likeCount: count(), commentCount: (count() / 10) | 0 });
  return id;
};

const insertRows = async (db: Database, table: string, columns: string[], rows: unknown[][]) => {
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map(
      (row) =>
        sql`(${sql.join(
          row.map((value) => sql`${value}`),
          sql`, `,
        )})`,
    );
    await db.execute(
      sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(columns.join(', '))}) VALUES ${sql.join(values, sql`, `)}`,
    );
  }
};

/**
 * `accounts` owners, each with one agent and an account on each of the four platforms (a sealed user-level
 * connection, as /agent-builder makes), and `runs` published runs spread over them, each to all four platforms at
 * its time from `publishedAt` — 4 × runs published deliveries, their first reading an hour later — with the posts on
 * the fakes.
 */
export const seedPublishedPosts = async (
  db: Database,
  {
    fakes,
    box,
    accounts,
    runs,
    publishedAt,
  }: {
    fakes: MetricsFakes;
    box: SecretBox;
    accounts: number;
    runs: number;
    publishedAt: (run: number) => Date;
  },
) => {
  const owners = Array.from({ length: accounts }, (_, n) => ({ workspaceId: `bench-metrics-${n}`, n }));
  await insertRows(
    db,
    'user',
    ['id', 'name', 'email', 'email_verified'],
    owners.map(({ workspaceId }) => [workspaceId, 'Bench', `${workspaceId}@example.com`, true]),
  );
  const agents = await db.execute(sql`
    INSERT INTO agent (workspace_id, name, description, prompt, activities, post_configuration, chat_configuration)
    SELECT 'bench-metrics-' || n, 'Agent ' || n, 'Posts', 'Posts.', '["post"]',
      '{"clients":["terminal","x","linkedin","instagram","youtube"],"interval":60,"topics":["AI"],"enabled":true,"reply_to_usernames":[]}',
      '{"clients":[],"reply_to_usernames":[],"reply_to_replies":true,"enabled":false}'
    FROM generate_series(0, ${accounts - 1}) AS n RETURNING id, workspace_id`);
  const agentOf = new Map(
    (agents as unknown as { rows: { id: string; workspace_id: string }[] }).rows.map((row) => [
      row.workspace_id,
      row.id,
    ]),
  );
  const accountOf = new Map<string, string>();
  const connections: unknown[][] = [];
  for (const { workspaceId, n } of owners) {
    for (const platform of METRICS_PLATFORMS) {
      const { accountId, token } = connectAccount(fakes, platform, n);
      accountOf.set(`${workspaceId}:${platform}`, accountId);
      connections.push([workspaceId, platform, box.seal(token), accountId, `bench ${n}`]);
    }
  }
  await insertRows(
    db,
    'platform_connection',
    ['workspace_id', 'platform', 'access_token_sealed', 'account_id', 'display_name'],
    connections,
  );
  const runRows: unknown[][] = [];
  const messageRows: unknown[][] = [];
  const deliveryRows: unknown[][] = [];
  for (let run = 0; run < runs; run++) {
    const { workspaceId } = owners[run % accounts]!;
    const agentId = agentOf.get(workspaceId)!;
    const at = publishedAt(run);
    const runId = randomUUID();
    runRows.push([
      runId,
      agentId,
      workspaceId,
      'schedule',
      `bench:${runId}`,
      'ready',
      'Write a post',
      `Bench post ${run}`,
    ]);
    messageRows.push([
      agentId,
      workspaceId,
      `Bench post ${run}`,
      'Write a post',
      'schedule',
      runId,
      'offline-writer',
      true,
    ]);
    for (const platform of METRICS_PLATFORMS) {
      const postId = seedPlatformPost(fakes, platform, accountOf.get(`${workspaceId}:${platform}`)!, at);
      deliveryRows.push([
        runId,
        agentId,
        workspaceId,
        platform,
        `bench:${runId}:${platform}`,
        'posted',
        postId,
        at.toISOString(),
        new Date(at.getTime() + HOUR_MS).toISOString(),
      ]);
    }
  }
  await insertRows(
    db,
    'agent_run',
    ['id', 'agent_id', 'workspace_id', 'kind', 'idempotency_key', 'status', 'instruction', 'post_text'],
    runRows,
  );
  await insertRows(
    db,
    'terminal_message',
    ['agent_id', 'workspace_id', 'tweet_content', 'instruction', 'trigger', 'run_id', 'model', 'is_offline'],
    messageRows,
  );
  await insertRows(
    db,
    'delivery',
    [
      'run_id',
      'agent_id',
      'workspace_id',
      'platform',
      'idempotency_key',
      'status',
      'external_id',
      'published_at',
      'metrics_next_at',
    ],
    deliveryRows,
  );
  return { deliveries: deliveryRows.length };
};
