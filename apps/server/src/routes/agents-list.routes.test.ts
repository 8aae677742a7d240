import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { AGENTS_CURSOR_INVALID, AGENTS_PAGE_SIZE, type AgentsPage } from '@agentcast/contracts/agents-page';
import { user } from '@agentcast/db/schema/auth';
import { agent as agentTable } from '@agentcast/db/schema/agents';
import { platformConnection } from '@agentcast/db/schema/connections';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { connectPlatform } from '../testing/connect-platform.ts';
import { validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startOAuthFakes, type OAuthFakes } from '../testing/oauth-fakes.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let fakes: OAuthFakes;
let server: TestServer;
beforeAll(async () => {
  fakes = await startOAuthFakes();
  server = await startTestServer({ oauth: fakes.config });
});
afterAll(async () => {
  await server.close();
  await fakes.close();
});

const IDENTITY = { 'accept-encoding': 'identity' };

const userIdOf = async (email: string) =>
  (await server.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? '';

/** A signed-in account with `count` agents written straight to the database (the API would take a while). */
const accountWithAgents = async (count: number, createdAt?: (index: number) => Date) => {
  const account = await signUpVerifiedUser(server);
  const workspaceId = await userIdOf(account.email);
  for (let index = 0; index < count; index++)
    await insertTestAgent(server.database.db, {
      workspaceId,
      name: `Agent ${index}`,
      ...(createdAt ? { createdAt: createdAt(index) } : {}),
    });
  return { ...account, workspaceId };
};

const page = async (browser: HttpClient, query = '', headers: Record<string, string> = {}) => {
  const response = await browser.get(`/api/agents${query}`, headers);
  expect(response.status, await response.clone().text()).toBe(200);
  return { page: (await readJson(response)) as AgentsPage, etag: response.headers.get('etag') ?? '' };
};

/** Every page, following next_cursor from the first. */
const walk = async (browser: HttpClient, limit: number) => {
  const pages: AgentsPage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const next: AgentsPage = (await page(browser, query)).page;
    pages.push(next);
    cursor = next.next_cursor;
  } while (cursor);
  return pages;
};

describe('GET /api/agents, a page at a time', () => {
  it('walks every agent once, newest first, ties in creation time broken by id', async () => {
    // Three agents share each creation time, to the microsecond: only the id orders them.
    const base = Date.parse('2025-03-01T12:00:00.000Z');
    const { browser, workspaceId } = await accountWithAgents(
      11,
      (index) => new Date(base + Math.floor(index / 3) * 1000),
    );
    const stranger = await accountWithAgents(4, (index) => new Date(base + index * 500));

    const pages = await walk(browser, 4);

    expect(pages.map((each) => each.agents.length)).toEqual([4, 4, 3]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const expected = await server.database.db
      .select({ id: agentTable.id })
      .from(agentTable)
      .where(eq(agentTable.workspaceId, workspaceId))
      .orderBy(sql`created_at DESC, id DESC`);
    expect(pages.flatMap((each) => each.agents.map((agent) => agent.id))).toEqual(expected.map(({ id }) => id));
    expect(pages.flatMap((each) => each.agents.map((agent) => agent.user_id))).not.toContain(stranger.workspaceId);
  });

  it('answers 50 a page by default and up to 100 when asked', async () => {
    const { browser } = await accountWithAgents(AGENTS_PAGE_SIZE + 1);

    const first = (await page(browser)).page;
    expect(first.agents).toHaveLength(AGENTS_PAGE_SIZE);
    expect(first.next_cursor).not.toBeNull();
    const rest = (await page(browser, `?cursor=${first.next_cursor}`)).page;
    expect(rest.agents).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect((await page(browser, '?limit=100')).page.agents).toHaveLength(AGENTS_PAGE_SIZE + 1);
  });

  it.each(['0', '101', '-1', '2.5', 'ten', ''])('refuses limit=%s with a 400', async (limit) => {
    const { browser } = await signUpVerifiedUser(server);
    const response = await browser.get(`/api/agents?limit=${limit}`);
    expect(response.status).toBe(400);
    expect((await readJson(response)).code).toBe('VALIDATION_FAILED');
  });

  it.each([
    ['not base64 of anything', 'not a cursor!'],
    ['a made-up word', 'hello'],
    ['a date that does not exist', Buffer.from('2025-02-30T10:00:00.000000Z|00000000-0000-4000-8000-000000000000')],
    ['no id', Buffer.from('2025-02-03T10:00:00.000000Z|')],
    ['an id that is no uuid', Buffer.from("2025-02-03T10:00:00.000000Z|1' OR '1'='1")],
    ['a millisecond time', Buffer.from('2025-02-03T10:00:00.000Z|00000000-0000-4000-8000-000000000000')],
    ['a part too many', Buffer.from('2025-02-03T10:00:00.000000Z|00000000-0000-4000-8000-000000000000|x')],
  ])('refuses a cursor that is %s with a 400 saying so', async (_case, cursor) => {
    const { browser } = await signUpVerifiedUser(server);
    const value = typeof cursor === 'string' ? cursor : cursor.toString('base64url');
    const response = await browser.get(`/api/agents?cursor=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({ code: 'VALIDATION_FAILED', message: AGENTS_CURSOR_INVALID });
  });

  it('never shows another account’s agents, even with a cursor taken from that account’s pages', async () => {
    const owner = await accountWithAgents(3);
    const other = await accountWithAgents(3);
    const ownersCursor = (await page(owner.browser, '?limit=1')).page.next_cursor;

    const seen = (await page(other.browser, `?cursor=${ownersCursor}`)).page.agents;

    expect(seen.every((agent) => agent.user_id === other.workspaceId)).toBe(true);
  });
});

describe('ETag and 304', () => {
  const revalidate = (browser: HttpClient, etag: string, headers: Record<string, string> = IDENTITY) =>
    browser.get('/api/agents', { ...headers, 'if-none-match': etag });

  it('answers 304 without a body while the page is unchanged, for the plain and the gzipped answer alike', async () => {
    const { browser } = await accountWithAgents(3);
    const plain = await browser.get('/api/agents', IDENTITY);
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Never stored by a browser (no-store-for-callers.ts); a client that keeps the tag itself still gets its 304.
    expect(plain.headers.get('cache-control')).toBe('no-store');

    const unchanged = await revalidate(browser, etag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect((await revalidate(browser, `"other", W/${etag}`)).status).toBe(304);
    expect((await revalidate(browser, '*')).status).toBe(304);

    // The gzipped bytes are another representation: their own tag, confirmed in turn, never the plain one's.
    const gzipped = await fetch(new URL('/api/agents', server.url), {
      headers: { cookie: cookieOf(browser), 'accept-encoding': 'gzip' },
    });
    const gzippedTag = gzipped.headers.get('etag') ?? '';
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toContain('Accept-Encoding');
    expect(gzippedTag).not.toBe(etag);
    expect(((await gzipped.json()) as AgentsPage).agents).toHaveLength(3);
    expect((await revalidate(browser, gzippedTag, { 'accept-encoding': 'gzip' })).status).toBe(304);
    expect((await revalidate(browser, etag, { 'accept-encoding': 'gzip' })).status).toBe(200);
  });

  it('answers 200 with a new ETag after each change the list shows', async () => {
    const { browser, workspaceId } = await accountWithAgents(0);
    const created = (await readJson(await browser.post('/api/agents', validAgent({ name: 'Watched' })))) as Agent;
    let { etag } = await page(browser, '', IDENTITY);

    /** The change shows: the next read is a 200 with another tag, and that tag then holds. */
    const expectChanged = async (change: string, check: (agents: Agent[]) => void) => {
      const response = await revalidate(browser, etag);
      expect(response.status, change).toBe(200);
      const next = response.headers.get('etag') ?? '';
      expect(next, change).not.toBe(etag);
      check(((await readJson(response)) as AgentsPage).agents);
      expect((await revalidate(browser, next)).status, change).toBe(304);
      etag = next;
    };

    await browser.patch(`/api/agents/${created.id}`, { name: 'Renamed' });
    await expectChanged('an edit', (agents) => expect(agents[0]?.name).toBe('Renamed'));

    await browser.post(`/api/agents/${created.id}/pause`);
    await expectChanged('a pause', (agents) => expect(agents[0]?.paused).toBe(true));

    const second = (await readJson(await browser.post('/api/agents', validAgent({ name: 'Newer' })))) as Agent;
    await expectChanged('a new agent', (agents) =>
      expect(agents.map(({ name }) => name)).toEqual(['Newer', 'Renamed']),
    );

    await connectPlatform(server, browser, 'x', { agentId: second.id });
    await expectChanged('an X account connected', (agents) => expect(agents[0]?.x_connected).toBe(true));

    // Written by the worker, not the API (a run renewing the account's token rewrites its row): still seen.
    await server.database.db
      .update(platformConnection)
      .set({ handle: 'renamed_handle' })
      .where(eq(platformConnection.agentId, second.id));
    await expectChanged('a connection changed by a run', (agents) =>
      expect(agents[0]?.x_username).toBe('renamed_handle'),
    );

    await browser.delete(`/api/agents/${second.id}`);
    await expectChanged('a deletion', (agents) => expect(agents.map(({ name }) => name)).toEqual(['Renamed']));

    // Another account's change is not this list's.
    await insertTestAgent(server.database.db, { name: 'Elsewhere' });
    expect((await revalidate(browser, etag)).status).toBe(304);
    expect(workspaceId).not.toBe('');
  });

  it('changes the first page’s ETag when a next page appears, since the page then carries a cursor', async () => {
    const { browser, workspaceId } = await accountWithAgents(2);
    const { etag, page: only } = await page(browser, '?limit=2', IDENTITY);
    expect(only.next_cursor).toBeNull();

    await insertTestAgent(server.database.db, { workspaceId, createdAt: new Date('2020-01-01T00:00:00Z') });

    const response = await browser.get('/api/agents?limit=2', { ...IDENTITY, 'if-none-match': etag });
    expect(response.status).toBe(200);
    expect(((await readJson(response)) as AgentsPage).next_cursor).not.toBeNull();
  });
});

const cookieOf = (browser: HttpClient) => [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
