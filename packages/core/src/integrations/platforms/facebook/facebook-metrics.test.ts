import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFacebookApiFake, type FacebookApiFake } from '@agentcast/test-fakes/facebook-api-fake';
import { connectPage, facebookAgainst, formOf, ROUTES } from './facebook-test-kit.ts';
import type { PlatformCredentials } from '../common/platform.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: FacebookApiFake;
let credentials: PlatformCredentials;
let token: string;

beforeAll(async () => {
  fake = await startFacebookApiFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  const connected = connectPage(fake);
  credentials = connected.credentials;
  token = connected.page.token;
  fake.settings.canReadInsights = true;
});

const facebook = () => facebookAgainst(fake);
const FIELDS =
  'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares,insights.metric(post_media_view,post_total_media_view_unique)';

describe('reading how Facebook posts did', () => {
  it('reads up to 50 posts a request, 4 batches an hour per Page (each call of a batch counts)', () => {
    expect(facebook().metricsReading).toEqual({
      batchSize: 50,
      limit: { requests: 4, windowMs: 3_600_000, per: 'account' },
    });
  });

  it('reads a batch in one request and maps reactions, comments, shares, views and reach', async () => {
    const busy = fake.addPost(credentials.accountId, 'Busy post');
    const quiet = fake.addPost(credentials.accountId, 'Quiet post');
    fake.setInsights(busy.id, { reactions: 42, shares: 3, views: 900, reach: 610 });
    fake.addComment({ on: busy.id, message: 'First!' });
    const top = fake.addComment({ on: busy.id, message: 'Second' });
    fake.addComment({ on: top.id, message: 'A reply, not counted at the top level' });
    const before = fake.requestsTo(ROUTES.batch).length;

    const metrics = await facebook().readMetrics!(credentials, [busy.id, quiet.id, busy.id]);

    const requests = fake.requestsTo(ROUTES.batch).slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/v27.0/');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${token}`);
    const form = formOf(requests[0]);
    expect(form.include_headers).toBe('false');
    expect(JSON.parse(form.batch ?? '')).toEqual([
      { method: 'GET', relative_url: `${busy.id}?fields=${FIELDS}` },
      { method: 'GET', relative_url: `${quiet.id}?fields=${FIELDS}` },
    ]);
    expect(metrics).toEqual(
      new Map([
        [busy.id, { views: 900, reach: 610, likes: 42, comments: 2, shares: 3 }],
        [quiet.id, { views: 0, reach: 0, likes: 0, comments: 0, shares: 0 }],
      ]),
    );
  });

  it('leaves out a post Facebook no longer has or that is not an id, without asking for the latter', async () => {
    const kept = fake.addPost(credentials.accountId, 'Still here');
    const other = connectPage(fake).page;
    const theirs = fake.addPost(other.id, 'Another Page');
    const metrics = await facebook().readMetrics!(credentials, [
      kept.id,
      `${credentials.accountId}_1`,
      theirs.id,
      'abc',
    ]);
    expect([...metrics.keys()]).toEqual([kept.id]);
    const batch = JSON.parse(formOf(fake.requestsTo(ROUTES.batch).at(-1)).batch ?? '') as unknown[];
    expect(batch).toHaveLength(3);
  });

  it('says the app may not read them without the permission, so the reader stops', async () => {
    const post = fake.addPost(credentials.accountId, 'Private figures');
    fake.settings.canReadInsights = false;
    const error = await failure(facebook().readMetrics!(credentials, [post.id]));
    expect(error).toMatchObject({ kind: 'permanent', reason: 'forbidden' });
    expect(error.message).toMatch(/read_insights/);
  });

  it('is rate-limited until Facebook says, and a refused token asks to reconnect', async () => {
    const post = fake.addPost(credentials.accountId, 'Measured');
    fake.failNext(ROUTES.batch, { status: 429, retryAfterSeconds: 1800 });
    const limited = await failure(facebook().readMetrics!(credentials, [post.id]));
    expect(limited).toMatchObject({ kind: 'transient', reason: 'rate_limited' });
    expect(limited.retryAt!.getTime()).toBeGreaterThan(Date.now() + 1_790_000);
    expect(await failure(facebook().readMetrics!({ ...credentials, accessToken: 'expired' }, [post.id]))).toMatchObject(
      { kind: 'permanent', reason: 'reconnect_required' },
    );
  });
});
