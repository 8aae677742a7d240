import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MASTODON_ROUTES,
  startMastodonApiFake,
  type MastodonApiFake,
  type MastodonFakeAccount,
} from '@agentcast/test-fakes/mastodon-api-fake';
import type { PlatformCredentials } from '../common/platform.ts';
import { readMastodonInstance } from './mastodon-instance.ts';
import { createMastodonPlatform } from './mastodon-platform.ts';

let fake: MastodonApiFake;
let account: MastodonFakeAccount;
let credentials: PlatformCredentials;

beforeAll(async () => {
  fake = await startMastodonApiFake({ instanceName: 'social.example' });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.settings.batchStatuses = true;
  account = fake.addAccount({ username: `reader${Math.random().toString(36).slice(2, 8)}` });
  credentials = { accessToken: account.token, accountId: account.id, serviceUrl: fake.baseUrl };
});

const mastodon = () => createMastodonPlatform({ timeoutMs: 2000, mediaPollIntervalMs: 0 });
const publishThree = async () => {
  const platform = mastodon();
  const posts = [];
  for (const text of ['One', 'Two', 'Three']) posts.push(await platform.publish(credentials, { text }));
  const counts = [
    { favourites: 5, reblogs: 2, replies: 1 },
    { favourites: 0, reblogs: 0, replies: 0 },
    { favourites: 12, reblogs: 7, replies: 3 },
  ];
  posts.forEach((post, index) => {
    const status = fake.statuses.find((each) => each.id === post.postId);
    if (status) status.counts = counts[index] ?? status.counts;
  });
  return posts.map((post) => post.postId);
};

describe('reading Mastodon metrics', () => {
  it('reads a batch in one request by id[], favourites as likes and boosts as reposts; a deleted post is absent', async () => {
    const [one = '', two = '', three = ''] = await publishThree();
    await mastodon().deletePost(credentials, two);
    const metrics = await mastodon().readMetrics?.(credentials, [one, two, three]);

    expect(metrics).toEqual(
      new Map([
        [one, { likes: 5, reposts: 2, replies: 1 }],
        [three, { likes: 12, reposts: 7, replies: 3 }],
      ]),
    );
    const reads = fake.requestsTo(MASTODON_ROUTES.statuses);
    expect(reads.at(-1)?.url).toBe(`/api/v1/statuses?id%5B%5D=${one}&id%5B%5D=${two}&id%5B%5D=${three}`);
    expect(fake.requestsTo(MASTODON_ROUTES.status)).toHaveLength(0);
    expect(mastodon().metricsReading).toEqual({
      batchSize: 20,
      limit: { requests: 5, windowMs: 300_000, per: 'account' },
    });
  });

  it('reads each post alone on an instance before 4.3, which answers the batch route 404', async () => {
    const ids = await publishThree();
    fake.settings.batchStatuses = false;
    const before = fake.requestsTo(MASTODON_ROUTES.status).length;
    const metrics = await mastodon().readMetrics?.(credentials, [...ids, '999999']);

    expect([...(metrics?.keys() ?? [])]).toEqual(ids);
    expect(metrics?.get(ids[2] ?? '')).toEqual({ likes: 12, reposts: 7, replies: 3 });
    const singles = fake.requestsTo(MASTODON_ROUTES.status).slice(before);
    expect(singles.map((request) => request.path)).toEqual([...ids, '999999'].map((id) => `/api/v1/statuses/${id}`));
  });
});

describe('an instance’s limits', () => {
  it('reads max_characters, the characters per link and the media limits from /api/v2/instance', async () => {
    fake.settings.maxCharacters = 5000;
    const instance = await readMastodonInstance({ instanceUrl: fake.baseUrl, timeoutMs: 2000 });
    expect(instance).toMatchObject({
      host: new URL(fake.baseUrl).host,
      maxCharacters: 5000,
      charactersReservedPerUrl: 23,
      maxMediaAttachments: 4,
      imageSizeLimit: 16 * 1024 * 1024,
      descriptionLimit: 1500,
    });
    fake.settings.maxCharacters = 500;
  });
});
