import Stripe from 'stripe';
import { stripeFakeId } from './stripe-fake-objects.ts';
import type { StripeFakeEventDraft } from './stripe-fake-state.ts';
import type { StripeFakeDelivery, StripeFakeEvent } from './stripe-fake-types.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Stripe gives an endpoint some seconds to answer before it counts the delivery as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The fake delivers to the tests' own machine only. */
const loopbackUrl = (url: string | undefined) => {
  if (url === undefined) return undefined;
  const parsed = new URL(url);
  if (!LOOPBACK_HOSTS.has(parsed.hostname) || !/^https?:$/.test(parsed.protocol))
    throw new Error(`The Stripe fake sends webhooks to loopback addresses only, not ${url}.`);
  return parsed.toString();
};

/**
 * Stripe's webhook events: numbered (`evt_…`), stamped with the fake's clock and the package's API version, and
 * POSTed as JSON to the webhook URL with a `Stripe-Signature` header from the stripe package's own test helper, one
 * after another in the order they happened. Every delivery is kept with the receiver's answer. Unlike Stripe, a
 * failed delivery is not retried on its own: a test resends, which also replays an event a receiver already has.
 * Without a webhook URL events are kept undelivered, for a test to send later in an order of its choosing.
 */
export const createStripeFakeEvents = ({
  webhookSecret,
  webhookUrl,
  now,
}: {
  webhookSecret: string;
  webhookUrl?: string;
  now: () => Date;
}) => {
  const deliveries: StripeFakeDelivery[] = [];
  const known = new Map<string, StripeFakeEvent>();
  let target = loopbackUrl(webhookUrl);
  // Deliveries go out one at a time, in the order they were asked for, as a receiver would see them from Stripe.
  let queue: Promise<unknown> = Promise.resolve();

  const build = ({ type, object, previous_attributes }: StripeFakeEventDraft): StripeFakeEvent => {
    const event: StripeFakeEvent = {
      id: stripeFakeId('evt_'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(now().getTime() / 1000),
      data: { object, ...(previous_attributes && { previous_attributes }) },
      livemode: false,
      pending_webhooks: target ? 1 : 0,
      // Made by Checkout, the portal or the billing clock, not by an API request.
      request: { id: null, idempotency_key: null },
      type,
    };
    known.set(event.id, event);
    return event;
  };

  const post = async (event: StripeFakeEvent, secret: string): Promise<StripeFakeDelivery> => {
    // Pretty-printed, as Stripe sends it: a receiver must verify the raw body, not a re-serialized one.
    const payload = JSON.stringify(event, null, 2);
    // Signed at the real time: the receiver checks the signature's age against its own clock, not the fake's.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const delivery: StripeFakeDelivery = { event, payload, signature, status: null, sentAt: new Date() };
    deliveries.push(delivery);
    if (!target) return delivery;
    try {
      const answer = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      delivery.status = answer.status;
      await answer.arrayBuffer();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    return delivery;
  };

  const deliver = (event: StripeFakeEvent, secret = webhookSecret) => {
    const sent = queue.then(() => post(event, secret));
    queue = sent.catch(() => undefined);
    return sent;
  };

  return {
    deliveries,
    setWebhookUrl: (url: string | undefined) => {
      target = loopbackUrl(url);
    },
    /** Numbers the drafts as events and sends them in order; resolves once each has been answered. */
    publish: async (drafts: StripeFakeEventDraft[]) => Promise.all(drafts.map((draft) => deliver(build(draft)))),
    /** An event about the object as it is now, numbered but not sent (for a hand-made one). */
    build,
    resend: (eventId: string) => {
      const event = known.get(eventId);
      if (!event) throw new Error(`The Stripe fake sent no event ${eventId}.`);
      return deliver(event);
    },
    /** Any event, e.g. built by a test or reordered; `secret` signs it with another secret (a forged delivery). */
    send: (event: StripeFakeEvent, { secret }: { secret?: string } = {}) => {
      known.set(event.id, event);
      return deliver(event, secret);
    },
    /** Resolves once every delivery asked for so far is done. */
    settled: () => queue.then(() => undefined),
  };
};

export type StripeFakeEvents = ReturnType<typeof createStripeFakeEvents>;
