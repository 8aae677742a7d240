import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobQueue } from '../../integrations/queue/create-job-queue.ts';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import type { OutboundPolicy } from '../../integrations/net/outbound-policy.ts';
import type { ResolveHost } from '../../integrations/net/resolve-host.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** How webhook deliveries are spaced and bounded. Every duration but the request's own is shorter in tests. */
export type WebhookTiming = {
  /**
   * The wait before each retry: Standard Webhooks' suggested schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h),
   * with no attempt later than `retryWindowMs` after the event — the last one lands at 24 hours.
   */
  retryDelaysMs: number[];
  retryWindowMs: number;
  /** An endpoint whose every delivery has failed this long is disabled. */
  disableAfterMs: number;
  /** After a rotation the previous secret signs too for this long, while receivers switch to the new one. */
  rotationGraceMs: number;
  /** One request may take this long (never scaled: it is the receiver's time, not ours). */
  requestTimeoutMs: number;
  /** A worker holds a delivery this long while its request is out; past it, another may take it over. */
  leaseMs: number;
  /** A delivery whose account already has its share of requests out is tried again this much later. */
  shareRetryMs: number;
  /** Deliveries are kept this long in the log, then deleted. */
  keepDeliveriesMs: number;
};

export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  retryDelaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  retryWindowMs: 24 * HOUR,
  disableAfterMs: 24 * HOUR,
  rotationGraceMs: 24 * HOUR,
  requestTimeoutMs: 10 * SECOND,
  leaseMs: 60 * SECOND,
  shareRetryMs: SECOND,
  keepDeliveriesMs: 30 * 24 * HOUR,
};

/** What the webhook routes need (and, with a mailer, the delivery worker). */
export type WebhookServices = {
  db: Database;
  queue: JobQueue;
  /** Seals each endpoint's signing secret at rest. */
  secretBox: SecretBox;
  logger: Logger;
  now: () => Date;
  timing: WebhookTiming;
  /** Where events may be sent: `public-https` in production, `any` only where private targets are allowed. */
  targets: OutboundPolicy;
  /** How receivers' names are resolved, at save and at connect: the system resolver unless a test patches it. */
  resolveHost?: ResolveHost;
};

/** The worker's: it also e-mails the owner of an endpoint it disabled, with a link to Settings at publicUrl. */
export type WebhookWorkerServices = WebhookServices & { mailer: Mailer; publicUrl: string };
