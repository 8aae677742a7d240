import type { Database } from '@agentcast/db/client';
import { reserveLimitedAttempt } from './reserve-limited-attempt.ts';

/**
 * Requests per client IP per 10 minutes to the pages a link's token opens without signing in (a client's approval
 * page and its decisions, an invitation's preview): a client reviewing a week of posts stays far below it, a script
 * trying tokens does not. The tokens are 256 random bits; this keeps such a script from costing the database.
 */
export const LINK_PAGE_THROTTLE = { windowMinutes: 10, maxPerIp: 120 } as const;

/** Takes one request from the address's allowance, or throws RATE_LIMITED saying when to try again. */
export const reserveLinkPageRequest = (db: Database, { ip }: { ip: string }, now = new Date()) =>
  reserveLimitedAttempt(
    db,
    {
      kind: 'link_page',
      // Counted by address only: the row's account is left empty.
      email: '',
      ip,
      limits: [{ by: 'ip', max: LINK_PAGE_THROTTLE.maxPerIp, windowMinutes: LINK_PAGE_THROTTLE.windowMinutes }],
      refusal: 'Too many requests for approval and invitation links from your network.',
    },
    now,
  );
