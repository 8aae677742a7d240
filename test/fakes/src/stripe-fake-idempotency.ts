import type { FakeReply, RecordedRequest } from './platform-fake-kit.ts';
import { idempotencyKeyReused } from './stripe-fake-errors.ts';

/** Stripe forgets a key after 24 hours. */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

type Answered = { route: string; body: string; reply: FakeReply; at: number };

/**
 * Stripe's `Idempotency-Key` on a POST (stripe-node sends one with every POST, so that its retries are safe): the
 * first answer under a key is kept, and the same request again gets it back, marked `Idempotent-Replayed`, without
 * doing the work twice. The key on another request (another path or other parameters) is a 400. A refused request
 * keeps nothing, as Stripe keeps no result for parameters that fail its checks. Its age is the fake's clock's.
 */
export const createStripeIdempotency = (now: () => Date) => {
  const answered = new Map<string, Answered>();
  return (request: RecordedRequest, run: () => FakeReply): FakeReply => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) return run();
    const route = `${request.method} ${request.path}`;
    const body = request.body.toString('utf8');
    const earlier = answered.get(key);
    if (earlier && now().getTime() - earlier.at < KEY_LIFETIME_MS) {
      if (earlier.route !== route || earlier.body !== body) return idempotencyKeyReused(key);
      return { ...earlier.reply, headers: { ...earlier.reply.headers, 'idempotent-replayed': 'true' } };
    }
    const reply = run();
    // A copy: the replay answers the object as it was then, not as it is now.
    if (reply.status < 400)
      answered.set(key, { route, body, reply: { ...reply, json: structuredClone(reply.json) }, at: now().getTime() });
    return reply;
  };
};
