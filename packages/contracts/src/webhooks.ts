import { z } from 'zod';

/**
 * Webhooks (issue 18 §3): an account registers endpoints that receive its events as signed HTTP POSTs, per the
 * Standard Webhooks scheme (https://www.standardwebhooks.com): headers `webhook-id`, `webhook-timestamp` and
 * `webhook-signature`, the body `{ type, timestamp, data }`.
 */

/** The events an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'post.published',
  'post.failed',
  'post.deleted',
  'draft.created',
  'run.skipped',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only when a person asks for it (Send test event), whatever the endpoint subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'post.published': 'A post was published to a platform',
  'post.failed': 'A post could not be published to a platform',
  'post.deleted': 'A published post was deleted from its platform',
  'draft.created': 'A draft is waiting for review',
  'run.skipped': 'A planned post was skipped (quota, drafts waiting, membership, a near-duplicate)',
};

/** The headers of every request, as Standard Webhooks names them. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** A secret reads `whsec_` and the base64 of its random bytes; the HMAC key is those bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const MAX_WEBHOOK_ENDPOINTS = 20;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
/** Test events an account may send per window, to all its endpoints together. */
export const WEBHOOK_TEST_LIMIT = { events: 10, windowSeconds: 60 } as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL that should receive the events.',
  urlInvalid: 'Enter a whole URL, such as https://example.com/webhooks/agentcast.',
  urlTooLong: `Keep the URL under ${WEBHOOK_URL_MAX_LENGTH + 1} characters.`,
  urlCredentials: 'Leave the user name and password out of the URL: check the signature instead.',
  httpsRequired: 'Use an https:// URL: events are only sent over HTTPS.',
  privateAddress: (host: string) =>
    `${host} is not a public address: events cannot be sent to this server's own machine or to a private network.`,
  unknownHost: (host: string) => `${host} could not be found: check the host name.`,
  /**
   * Every failure to get an answer says the same (refused, reset, timed out, TLS, DNS): a log that told them apart
   * would tell whoever reads it which ports of a host are open.
   */
  noAnswer: (seconds: number) => `Could not reach the receiver: no HTTP answer within ${seconds} s.`,
  eventsRequired: 'Choose at least one event.',
  eventUnknown: `Choose among: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  descriptionTooLong: `Keep the description under ${WEBHOOK_DESCRIPTION_MAX_LENGTH + 1} characters.`,
  nothingToChange: 'Say what to change: url, description, events or enabled.',
  tooManyEndpoints: `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
  endpointNotFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such webhook delivery.',
  endpointDisabled: 'This endpoint is disabled: enable it to send events to it.',
  disabledAfterFailures: (hours: number) =>
    `Disabled after every delivery failed for ${hours} hours. Fix the receiver, then enable the endpoint again.`,
  testEvent: 'A test event from Agentcast: your endpoint receives and verifies events.',
  /** The 429's message begins so; the wait follows ("Please try again in 1 minute."). */
  tooManyTests: `${WEBHOOK_TEST_LIMIT.events} test events a minute at most.`,
  secretShownOnDemand: 'Use this secret to verify the signature of each event.',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
  .superRefine((value, context) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname)
      context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
    else if (url.username || url.password)
      context.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGES.eventUnknown }), {
    error: WEBHOOK_MESSAGES.eventsRequired,
  })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => [...new Set(events)]);

const descriptionSchema = z
  .string({ error: WEBHOOK_MESSAGES.descriptionTooLong })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong);

export const createWebhookEndpointInputSchema = z.object({
  url: urlSchema,
  description: descriptionSchema.optional().default(''),
  events: eventsSchema,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInputSchema>;
/** The input as the server reads it: trimmed, the description defaulted, the events without repeats. */
export type WebhookEndpointFields = z.output<typeof createWebhookEndpointInputSchema>;

/** Any of the fields; `enabled: true` also clears the record of failures that disabled it. */
export const updateWebhookEndpointInputSchema = z
  .object({
    url: urlSchema.optional(),
    description: descriptionSchema.optional(),
    events: eventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled is true or false.' }).optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), WEBHOOK_MESSAGES.nothingToChange);
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInputSchema>;
export type WebhookEndpointChanges = z.output<typeof updateWebhookEndpointInputSchema>;

const time = z.iso.datetime({ offset: true });

/** An endpoint as listed: never its secret, which is read on its own (reveal) or from a rotation's answer. */
export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabled_at: time.nullable(),
  /** Why it was disabled, when it was not a person. */
  disabled_reason: z.string().nullable(),
  /** Since when every delivery to it has failed; null while it answers. */
  failing_since: time.nullable(),
  /** After a rotation, requests carry a signature with the previous secret too, until this time. */
  previous_secret_expires_at: time.nullable(),
  created_at: time,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The endpoint's signing secret (`whsec_…`), and until when the previous one still signs too. */
export const webhookSecretSchema = z.object({
  secret: z.string(),
  previous_secret_expires_at: time.nullable(),
});
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const createdWebhookEndpointSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One HTTP request of a delivery: the receiver's status code, or why there was none. */
export const webhookAttemptSchema = z.object({
  attempted_at: time,
  response_status: z.number().int().nullable(),
  /** A timeout, a refused connection, a non-2xx answer. */
  error: z.string().nullable(),
  /** The first characters of the receiver's answer. */
  response_excerpt: z.string().nullable(),
  duration_ms: z.number().int(),
});

const agentRefSchema = z.object({ id: z.string(), name: z.string() });
const publishedPartSchema = z.object({ post_id: z.string(), url: z.string() });
const postFields = {
  /** The delivery: one post of one run to one platform. */
  delivery_id: z.string(),
  run_id: z.string(),
  agent: agentRefSchema,
  platform: z.string(),
  text: z.string(),
};

/** What each event carries in `data`. */
export const webhookEventDataSchemas = {
  'post.published': z.object({
    ...postFields,
    url: z.string().nullable(),
    platform_post_id: z.string().nullable(),
    /** Every part of an X thread (one entry for a single post). */
    posts: z.array(publishedPartSchema),
    published_at: time,
  }),
  'post.failed': z.object({ ...postFields, error: z.string(), failed_at: time }),
  'post.deleted': z.object({
    ...postFields,
    url: z.string().nullable(),
    platform_post_id: z.string().nullable(),
    deleted_at: time,
  }),
  'draft.created': z.object({
    /** The draft's id in the Review tab (its run). */
    draft_id: z.string(),
    agent: agentRefSchema,
    text: z.string(),
    media: z.array(z.object({ kind: z.enum(['image', 'video']), url: z.string() })),
    platforms: z.array(z.string()),
    publish_at: time,
    created_at: time,
  }),
  'run.skipped': z.object({
    run_id: z.string(),
    agent: agentRefSchema,
    /** What planned the run: `schedule`, `manual` (a trigger), `reply`. */
    trigger: z.string(),
    reason: z.string(),
    skipped_at: time,
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ endpoint_id: z.string(), message: z.string() }),
} satisfies Record<WebhookMessageType, z.ZodType>;

export type WebhookEventData = { [Type in WebhookMessageType]: z.infer<(typeof webhookEventDataSchemas)[Type]> };

const payloadOf = <Type extends WebhookMessageType>(type: Type) =>
  z.object({ type: z.literal(type), timestamp: time, data: webhookEventDataSchemas[type] });

/** The body of every request: the event's type, when it happened (ISO 8601), and its data. */
export const webhookPayloadSchema = z.discriminatedUnion('type', [
  payloadOf('post.published'),
  payloadOf('post.failed'),
  payloadOf('post.deleted'),
  payloadOf('draft.created'),
  payloadOf('run.skipped'),
  payloadOf(WEBHOOK_TEST_EVENT),
]);
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** One event sent (or being sent) to one endpoint. */
export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same for every attempt and every endpoint, so receivers can drop repeats. */
  message_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: time.nullable(),
  last_attempt_at: time.nullable(),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: time,
  delivered_at: time.nullable(),
  payload: z.record(z.string(), z.unknown()),
  /** Each request, oldest first. */
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  next_before: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
