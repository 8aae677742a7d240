import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { ANALYTICS_CSV_COLUMNS, type Analytics } from '@agentcast/contracts/analytics';
import type { Calendar } from '@agentcast/contracts/calendar';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { postMetricReading } from '@agentcast/db/schema/analytics';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { LinkedInApiFake } from '@agentcast/test-fakes/linkedin-api-fake';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startLinkedInWithOAuth,
  startXWithOAuth,
  type PlatformWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import type { XApiFake } from '@agentcast/test-fakes/x-api-fake';
import { putOnPlan, signUpVerifiedUser } from './testing/accounts.ts';
import { connectPlatform } from './testing/connect-platform.ts';
import { validAgent } from './testing/fixtures.ts';
import { readJson, type HttpClient } from './testing/http-client.ts';
import { startTestServer, type TestServer } from './testing/start-test-server.ts';

let llm: OpenAiFake;
let x: PlatformWithOAuth<XApiFake>;
let linkedin: PlatformWithOAuth<LinkedInApiFake>;
let server: TestServer;
let owner: HttpClient;
let writer: Agent;
let other: Agent;
/** The published posts, as the database has them. */
let posts: { id: string; runId: string; agentId: string; platform: string; postId: string; publishedAt: Date }[];

const entriesOf = async (agentId: string) =>
  ((await readJson(await owner.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage).messages;
const analytics = async (query: string) => (await readJson(await owner.get(`/api/analytics?${query}`))) as Analytics;
const publishedBy = (agentId: string, platform: string) =>
  posts.filter((post) => post.agentId === agentId && post.platform === platform);
/** YYYY-MM-DD and the hour of an instant in a time zone `offset` minutes east of UTC. */
const localOf = (at: Date, offset: number) => {
  const local = new Date(at.getTime() + offset * 60_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
};

/** Waits until `done` holds (expect.poll works inside tests only; vi.waitFor in hooks too). */
const waitFor = (done: () => Promise<boolean>, timeoutMs = 15_000) =>
  vi.waitFor(
    async () => {
      if (!(await done())) throw new Error('Timed out waiting for the posts to be published');
    },
    { timeout: timeoutMs, interval: 100 },
  );

beforeAll(async () => {
  llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Analytics post number {n}: small models, {varied}. #AI' };
  x = await startXWithOAuth();
  linkedin = await startLinkedInWithOAuth();
  const client = (fake: PlatformWithOAuth<unknown>) => ({
    clientId: fake.oauth.clientId,
    clientSecret: fake.oauth.clientSecret,
  });
  server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      x: { ...client(x), oauthBaseUrl: x.baseUrl, apiBaseUrl: x.baseUrl },
      linkedin: { ...client(linkedin), oauthBaseUrl: linkedin.oauth.baseUrl, apiBaseUrl: linkedin.baseUrl },
    },
    platformApis: { xBaseUrl: x.baseUrl, linkedinBaseUrl: linkedin.baseUrl, timeoutMs: 5000 },
    // The metrics loop looks every half second.
    timeScale: 60,
  });
  const account = await signUpVerifiedUser(server);
  owner = account.browser;
  await putOnPlan(server, account.email, 'enterprise');

  const create = async (clients: ('terminal' | 'x' | 'linkedin')[]) =>
    (await readJson(
      await owner.post(
        '/api/agents',
        validAgent({ activities: ['post'], post_configuration: { topics: ['AI'], clients } }),
      ),
    )) as Agent;
  writer = await create(['terminal', 'x', 'linkedin']);
  other = await create(['terminal', 'x']);
  await connectPlatform(server, owner, 'x', { agentId: writer.id });
  await connectPlatform(server, owner, 'linkedin', { agentId: writer.id });
  await connectPlatform(server, owner, 'x', { agentId: other.id });
  for (const agent of [writer, writer, other]) {
    const before = (await entriesOf(agent.id)).length;
    await owner.post(`/api/agents/${agent.id}/trigger`, {});
    await waitFor(async () => {
      const entries = await entriesOf(agent.id);
      return entries.length > before && entries[0]!.deliveries.every((item) => item.status === 'posted');
    });
  }
  const rows = await server.database.db
    .select()
    .from(delivery)
    .where(and(eq(delivery.status, 'posted'), ne(delivery.platform, 'terminal')));
  posts = rows.map((row) => ({
    id: row.id,
    runId: row.runId,
    agentId: row.agentId,
    platform: row.platform,
    postId: row.externalId!,
    publishedAt: row.publishedAt!,
  }));
}, 60_000);
afterAll(async () => {
  await server.close();
  await llm.close();
  await x.close();
  await linkedin.close();
});

describe('reading how published posts did', () => {
  it('schedules the first reading an hour after a post goes out, and none for the terminal', async () => {
    expect(posts).toHaveLength(5);
    const rows = await server.database.db.select().from(delivery).where(eq(delivery.agentId, writer.id));
    for (const row of rows) {
      if (row.platform === 'terminal') expect(row.metricsNextAt).toBeNull();
      else expect(row.metricsNextAt).toEqual(new Date(row.publishedAt!.getTime() + 3_600_000));
    }
  });

  it('reads each post’s metrics when due, keeps the reading, and shows it in the terminal and the calendar', async () => {
    const [firstX, secondX] = publishedBy(writer.id, 'x');
    const [firstShare, secondShare] = publishedBy(writer.id, 'linkedin');
    const [otherX] = publishedBy(other.id, 'x');
    x.api.setMetrics(firstX!.postId, {
      impression_count: 1000,
      like_count: 10,
      retweet_count: 2,
      reply_count: 3,
      quote_count: 1,
    });
    x.api.setMetrics(secondX!.postId, { impression_count: 300, like_count: 4 });
    x.api.setMetrics(otherX!.postId, { impression_count: 50, like_count: 1 });
    linkedin.api.setMetrics(firstShare!.postId, {
      totalLikes: 5,
      aggregatedTotalComments: 2,
      totalFirstLevelComments: 1,
    });
    linkedin.api.setMetrics(secondShare!.postId, { totalLikes: 30, aggregatedTotalComments: 0 });

    // An hour passes: the readings fall due, and the worker's metrics loop reads them.
    await server.database.db
      .update(delivery)
      .set({ metricsNextAt: sql`now()` })
      .where(and(eq(delivery.status, 'posted'), ne(delivery.platform, 'terminal')));
    await expect
      .poll(async () => (await server.database.db.select().from(postMetricReading)).length, { timeout: 15_000 })
      .toBe(5);

    // The terminal's copy of the deliveries is refreshed right after the readings are kept, in its own statement.
    const firstXInTerminal = async () =>
      (
        (await entriesOf(writer.id)).find((message) =>
          message.deliveries.some((item) => item.url?.endsWith(firstX!.postId)),
        ) as TerminalMessage
      ).deliveries.find((item) => item.platform === 'x')?.metrics;
    await expect.poll(firstXInTerminal, { timeout: 5_000 }).toBeDefined();
    expect(await firstXInTerminal()).toEqual({
      metrics: { impressions: 1000, likes: 10, reposts: 2, replies: 3, quotes: 1 },
      engagement: 16,
      read_at: expect.stringMatching(/Z$/),
    });
    const calendar = (await readJson(await owner.get('/api/calendar'))) as Calendar;
    const links = calendar.entries.flatMap((item) => (item.kind === 'published' ? item.links : []));
    expect(links.find((link) => link.url?.endsWith(firstX!.postId))?.metrics).toMatchObject({ engagement: 16 });
    // Read ahead of its schedule (the test made it due): the next planned reading is still the first step's.
    const rows = await server.database.db.select().from(delivery).where(eq(delivery.id, firstX!.id));
    expect(rows[0]?.metricsNextAt).toEqual(new Date(firstX!.publishedAt.getTime() + 3_600_000));
  });

  it('answers the period’s figures: every local day, every hour, the best posts and the totals per platform', async () => {
    const offset = 330; // UTC+5:30
    const figures = await analytics(`days=7&tz_offset=${offset}`);

    expect(figures.days).toBe(7);
    expect(figures.daily).toHaveLength(7);
    expect(figures.daily.at(-1)?.date).toBe(localOf(new Date(), offset).date);
    expect(figures.daily.reduce((sum, day) => sum + day.posts, 0)).toBe(5);
    for (const post of posts) {
      const { date } = localOf(post.publishedAt, offset);
      expect(figures.daily.find((day) => day.date === date)?.posts).toBeGreaterThan(0);
    }
    expect(figures.by_hour.map((entry) => entry.hour)).toEqual([...Array(24).keys()]);
    const hours = new Map<number, number>();
    for (const post of posts)
      hours.set(localOf(post.publishedAt, offset).hour, (hours.get(localOf(post.publishedAt, offset).hour) ?? 0) + 1);
    expect(figures.by_hour.filter((entry) => entry.posts > 0).map((entry) => [entry.hour, entry.posts])).toEqual(
      [...hours.entries()].sort(([a], [b]) => a - b),
    );
    expect(figures.totals).toEqual({
      posts: 5,
      engagement: 16 + 4 + 1 + 7 + 30,
      exposure: 1000 + 300 + 50,
      platforms: { linkedin: { posts: 2, engagement: 37 }, x: { posts: 3, engagement: 21 } },
    });
    expect(figures.best_posts.map((post) => [post.platform, post.engagement, post.exposure])).toEqual([
      ['linkedin', 30, null],
      ['x', 16, 1000],
      ['linkedin', 7, null],
      ['x', 4, 300],
      ['x', 1, 50],
    ]);
    const [best] = figures.best_posts;
    const [run] = await server.database.db
      .select()
      .from(agentRun)
      .where(eq(agentRun.id, publishedBy(writer.id, 'linkedin')[1]!.runId));
    expect(best).toEqual({
      message_id: run!.terminalMessageId,
      agent_id: writer.id,
      agent_name: writer.name,
      platform: 'linkedin',
      text: run!.postText,
      url: expect.stringContaining('urn:li:share:'),
      published_at: publishedBy(writer.id, 'linkedin')[1]!.publishedAt.toISOString(),
      metrics: { likes: 30, comments: 0 },
      engagement: 30,
      exposure: null,
      read_at: expect.stringMatching(/Z$/),
    });
  });

  it('narrows to one agent of the account, and answers 404 for another person’s and 400 for a bad query', async () => {
    const figures = await analytics(`agent_id=${other.id}&days=30`);
    expect(figures.daily).toHaveLength(30);
    expect(figures.totals).toMatchObject({ posts: 1, engagement: 1, platforms: { x: { posts: 1, engagement: 1 } } });

    const { browser: stranger } = await signUpVerifiedUser(server);
    expect((await stranger.get(`/api/analytics?agent_id=${writer.id}`)).status).toBe(404);
    expect((await stranger.get(`/api/analytics/export.csv?agent_id=${writer.id}`)).status).toBe(404);
    expect((await readJson(await stranger.get('/api/analytics'))).totals.posts).toBe(0);

    const badDays = await owner.get('/api/analytics?days=5');
    expect(badDays.status).toBe(400);
    expect((await readJson(badDays)).message).toContain('days must be one of: 7, 30, 90');
    expect((await owner.get('/api/analytics?tz_offset=9999')).status).toBe(400);
    expect((await owner.get('/api/analytics?agent_id=not-an-id')).status).toBe(400);
    expect(await server.database.db.select().from(postMetricReading)).toHaveLength(5);
  });

  it('exports the period’s posts as an RFC 4180 CSV attachment, safe to open in a spreadsheet', async () => {
    const [tricky] = publishedBy(other.id, 'x');
    await server.database.db
      .update(agentRun)
      .set({ postText: '=HYPERLINK("https://evil.example","click"), then\nmore' })
      .where(eq(agentRun.id, tricky!.runId));

    const response = await owner.get('/api/analytics/export.csv?days=7&tz_offset=-300');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="agentcast-analytics-${localOf(new Date(), -300).date}.csv"`,
    );
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(ANALYTICS_CSV_COLUMNS.join(','));
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""click""), then\nmore"`);
    const byUrl = (postId: string) => lines.find((line) => line.includes(postId));
    const [firstX] = publishedBy(writer.id, 'x');
    expect(byUrl(firstX!.postId)).toMatch(
      new RegExp(
        `^${firstX!.publishedAt.toISOString()},${writer.name},x,https://x\\.com/\\S+,[^\\r]*,1000,,,10,2,3,1,,,,16,\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`,
      ),
    );
    const [share] = publishedBy(writer.id, 'linkedin');
    expect(byUrl(encodeURIComponent(share!.postId)) ?? byUrl(share!.postId)).toMatch(/,,,,5,,,,2,,,7,[^,]+$/);
    // The header and five posts (the tricky text spans two lines of the file).
    expect(text.match(/\r\n/g)).toHaveLength(6);
  });

  it('stops counting a post once it is taken back from the platform', async () => {
    const [otherX] = publishedBy(other.id, 'x');
    const [entry] = await entriesOf(other.id);
    expect((await owner.delete(`/api/terminal/${entry!.message_id}/posts/x`)).status).toBe(200);
    expect((await analytics('days=7')).totals).toMatchObject({ posts: 4, engagement: 57 });
    const [row] = await server.database.db.select().from(delivery).where(eq(delivery.id, otherX!.id));
    expect(row).toMatchObject({ status: 'removed', metricsNextAt: null, metricsEngagement: 1 });
  });
});
