import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readAgain } from './read-again.ts';

/** A query shown on a screen whose first read is held until `answerFirst`; later reads answer at once. */
const shownQuery = () => {
  const client = new QueryClient();
  const queryKey = ['terminal'];
  let reads = 0;
  let answerFirst: (value: string) => void = () => undefined;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      reads += 1;
      if (reads > 1) return Promise.resolve('read after the change');
      return new Promise<string>((resolve) => (answerFirst = resolve));
    },
  });
  const stop = observer.subscribe(() => undefined);
  return { client, queryKey, stop, reads: () => reads, answerFirst: (value: string) => answerFirst(value) };
};

describe('readAgain', () => {
  it('reads again from now while the first read is under way, and the older answer does not stand', async () => {
    const query = shownQuery();
    expect(query.reads()).toBe(1);
    await readAgain(query.client, query.queryKey);
    query.answerFirst('read before the change');
    await expect.poll(() => query.client.getQueryData(query.queryKey)).toBe('read after the change');
    expect(query.reads()).toBe(2);
    query.stop();
  });

  it('is needed: invalidating alone joins the first read in flight, whose older answer then stands', async () => {
    const query = shownQuery();
    const invalidated = query.client.invalidateQueries({ queryKey: query.queryKey });
    query.answerFirst('read before the change');
    await invalidated;
    expect(query.client.getQueryData(query.queryKey)).toBe('read before the change');
    expect(query.reads()).toBe(1);
    query.stop();
  });
});
