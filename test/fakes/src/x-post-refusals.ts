import type { Route } from './platform-fake-kit.ts';
import { problem, STATUS_TITLES } from './x-fake-common.ts';

export type RefuseOptions = { status: number; times?: number };

/**
 * Posts refused by what their text contains, whoever posts them: a failure one test can aim at its own post while
 * other tests post to the same fake side by side (a route's failNext would hit whichever post came next). Controlled
 * in process (`refuse`) or over HTTP (`route`: POST /__x-api/refuse-posts with `{ containing, status, times }`), for
 * tests in another process than the fake (the browser tests).
 */
export const createPostRefusals = () => {
  const refusals: { containing: string; status: number; times: number }[] = [];
  const refuse = (containing: string, { status, times = 1 }: RefuseOptions) =>
    void refusals.push({ containing, status, times });
  /** The refusal this text meets, used up as it is met; undefined when none. */
  const refusalOf = (text: string) => {
    const refusal = refusals.find((entry) => text.includes(entry.containing));
    if (!refusal) return undefined;
    refusal.times -= 1;
    if (refusal.times <= 0) refusals.splice(refusals.indexOf(refusal), 1);
    const title = STATUS_TITLES[refusal.status] ?? 'Error';
    return problem(refusal.status, title, title);
  };
  const route: Route = {
    method: 'POST',
    pattern: '/__x-api/refuse-posts',
    handle: ({ request }) => {
      const { containing, status, times } = (request.json ?? {}) as { containing?: string } & Partial<RefuseOptions>;
      if (!containing || !status) return { status: 400, json: { error: 'containing and status are required' } };
      refuse(containing, { status, times });
      return { status: 200, json: { ok: true } };
    },
  };
  return { refuse, refusalOf, route };
};
