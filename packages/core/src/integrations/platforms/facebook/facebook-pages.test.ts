import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFacebookApiFake, type FacebookApiFake } from '@agentcast/test-fakes/facebook-api-fake';
import { listFacebookPages } from './facebook-pages.ts';
import { ROUTES } from './facebook-test-kit.ts';
import { failure } from '../common/platform-test-kit.ts';

let fake: FacebookApiFake;

beforeAll(async () => {
  fake = await startFacebookApiFake();
});
afterAll(() => fake.close());

const options = () => ({ baseUrl: fake.baseUrl, timeoutMs: 2000 });

describe('listing the Pages a person manages after Facebook Login', () => {
  it('answers each Page with its Page token, whether the person may post, and its picture', async () => {
    const person = fake.addUser();
    const shop = fake.addPage({ name: 'The Shop', user: person });
    const analyst = fake.addPage({ name: 'Numbers Only', tasks: ['ANALYZE'], user: person });
    fake.addPage({ name: 'Someone else’s' });

    const pages = await listFacebookPages(options(), person.token);

    expect(pages).toEqual([
      { id: shop.id, name: 'The Shop', accessToken: shop.token, canPost: true, pictureUrl: shop.pictureUrl },
      {
        id: analyst.id,
        name: 'Numbers Only',
        accessToken: analyst.token,
        canPost: false,
        pictureUrl: analyst.pictureUrl,
      },
    ]);
    const request = fake.requestsTo(ROUTES.accounts).at(-1);
    expect(request?.url).toBe('/v27.0/me/accounts?fields=id%2Cname%2Caccess_token%2Ctasks%2Cpicture&limit=100');
    expect(request?.headers.authorization).toBe(`Bearer ${person.token}`);
  });

  it('reads every page of a long list', async () => {
    const person = fake.addUser();
    const made = Array.from({ length: 130 }, (_, index) => fake.addPage({ name: `Branch ${index}`, user: person }));
    const before = fake.requestsTo(ROUTES.accounts).length;
    const pages = await listFacebookPages(options(), person.token);
    expect(pages.map((page) => page.id)).toEqual(made.map((page) => page.id));
    expect(fake.requestsTo(ROUTES.accounts).length - before).toBe(2);
  });

  it('a refused login asks to reconnect', async () => {
    expect(await failure(listFacebookPages(options(), 'not-a-token'))).toMatchObject({
      platform: 'facebook',
      kind: 'permanent',
      reason: 'reconnect_required',
    });
  });
});
