import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { session, user } from '@agentcast/db/schema/auth';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { createSessionUserCache, SESSION_CACHE_TTL_MS } from './session-user-cache.ts';

let database: DatabaseConnection;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let next = 0;
/** A user signed in with a session that ends in a day; returns its token. */
const signedInUser = async () => {
  const id = `cache-user-${next++}`;
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
  const token = `${id}-token`;
  await database.db
    .insert(session)
    .values({ id: `${id}-session`, token, userId: id, expiresAt: new Date(Date.now() + 86_400_000) });
  return { id, token };
};
const endSessions = () => database.db.delete(session);

describe('the session cache', () => {
  it('trusts a session it found for 2 s, then asks the database again', async () => {
    let now = 0;
    const cache = createSessionUserCache(() => now);
    const { id, token } = await signedInUser();
    expect(await cache.find(database.db, token)).toEqual({ id, email: `${id}@example.com` });

    await endSessions();
    now += SESSION_CACHE_TTL_MS - 1;
    expect((await cache.find(database.db, token))?.id).toBe(id);
    now += 1;
    expect(await cache.find(database.db, token)).toBeNull();
  });

  it('forgets every session when cleared', async () => {
    const cache = createSessionUserCache(() => 0);
    const { token } = await signedInUser();
    expect(await cache.find(database.db, token)).not.toBeNull();

    await endSessions();
    cache.clear();
    expect(await cache.find(database.db, token)).toBeNull();
  });

  it('does not keep an unknown token: a session created after the first miss is found', async () => {
    const cache = createSessionUserCache(() => 0);
    const tokenToCome = `cache-user-${next}-token`;
    expect(await cache.find(database.db, tokenToCome)).toBeNull();
    const later = await signedInUser();
    expect(later.token).toBe(tokenToCome);
    expect((await cache.find(database.db, tokenToCome))?.id).toBe(later.id);
  });
});
