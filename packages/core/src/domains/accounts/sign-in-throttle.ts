import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { authAttempt } from '@agentcast/db/schema/auth-attempts';
import {
  SUCCESS_RETENTION_MS,
  insertAttempt,
  nthNewestAttemptAt,
  lockAttemptKeys,
  pruneAttemptsNow,
  rateLimited,
} from './auth-attempts.ts';

/**
 * The sign-in limits (docs/decisions/017-sign-in-throttling.md). A wrong guess is counted against the pair of
 * account and client address, so a stranger's failures never lock the owner out of their own address; the looser
 * account-wide and address-wide limits slow attackers who rotate addresses or spray many accounts, while an address
 * the owner has signed in from before keeps its own allowance.
 */
export const SIGN_IN_THROTTLE = {
  /** Wrong guesses one address may make at one account. */
  pair: { windowMinutes: 15, maxFailures: 10 },
  /** Wrong guesses at one account from every address together; past it, an address that has failed there waits. */
  account: { windowMinutes: 24 * 60, maxFailures: 100 },
  /** Wrong guesses from one address at every account together (password spraying). */
  address: { windowMinutes: 15, maxFailures: 50 },
  /** A successful sign-in makes its address known to the account for this long. */
  knownAddressDays: SUCCESS_RETENTION_MS / (24 * 60 * 60_000),
} as const;

export type AuthAttemptKey = { email: string; ip: string };

/** What the earlier attempts say about this account and address; times are epoch milliseconds. */
export type SignInStanding = {
  pairFailures: number;
  /** The n-th newest failure of this pair, n being its limit: when it leaves the window, a guess is free again. */
  pairLimitFailureAt: number | null;
  accountFailures: number;
  accountLimitFailureAt: number | null;
  /** The latest failure of this pair within the account window. */
  pairLastFailureAt: number | null;
  addressFailures: number;
  addressLimitFailureAt: number | null;
  /** This address has signed in to this account successfully within the last 30 days. */
  isKnownAddress: boolean;
};

const minutes = (count: number) => count * 60_000;

/**
 * When this attempt may be made, as an epoch time, or null when it may be made now. The pair limit holds for
 * everyone; the address and account limits do not apply to an address the owner has used before.
 */
export const signInRetryAt = (standing: SignInStanding): number | null => {
  const { pair, account, address } = SIGN_IN_THROTTLE;
  if (standing.pairFailures >= pair.maxFailures)
    return (standing.pairLimitFailureAt ?? 0) + minutes(pair.windowMinutes);
  if (standing.isKnownAddress) return null;
  if (standing.addressFailures >= address.maxFailures)
    return (standing.addressLimitFailureAt ?? 0) + minutes(address.windowMinutes);
  // Past the account-wide limit, an address gets one guess a day: a fresh address (the owner's new network) may
  // still sign in, an attacker rotating addresses needs a new one for every guess.
  if (standing.accountFailures >= account.maxFailures && standing.pairLastFailureAt !== null) {
    const accountFrees = (standing.accountLimitFailureAt ?? 0) + minutes(account.windowMinutes);
    const addressFrees = standing.pairLastFailureAt + minutes(account.windowMinutes);
    return Math.min(accountFrees, addressFrees);
  }
  return null;
};

const since = (now: Date, windowMinutes: number) =>
  sql`${new Date(now.getTime() - minutes(windowMinutes)).toISOString()}::timestamptz`;
const epochMs = (expression: SQL) =>
  sql<number | null>`floor(extract(epoch from ${expression}) * 1000)::float8`.mapWith(Number);
const failedAfter = (after: SQL) => sql`NOT ${authAttempt.succeeded} AND ${authAttempt.createdAt} > ${after}`;
const countWhere = (filter: SQL) => sql<number>`count(*) FILTER (WHERE ${filter})`.mapWith(Number);

const readStanding = async (
  tx: Database,
  { account, ip }: { account: string; ip: string },
  now: Date,
): Promise<SignInStanding> => {
  const { pair, account: accountLimit, address } = SIGN_IN_THROTTLE;
  const fromThisAddress = sql`${authAttempt.ip} = ${ip}`;
  const pairFailed = sql`${fromThisAddress} AND ${failedAfter(since(now, pair.windowMinutes))}`;
  const accountFailed = failedAfter(since(now, accountLimit.windowMinutes));
  const [byAccount] = await tx
    .select({
      pairFailures: countWhere(pairFailed),
      pairLimitFailureAt: nthNewestAttemptAt(pair.maxFailures, pairFailed),
      accountFailures: countWhere(accountFailed),
      accountLimitFailureAt: nthNewestAttemptAt(accountLimit.maxFailures, accountFailed),
      pairLastFailureAt: epochMs(
        sql`max(${authAttempt.createdAt}) FILTER (WHERE ${fromThisAddress} AND ${accountFailed})`,
      ),
      isKnownAddress: sql<boolean>`coalesce(bool_or(${authAttempt.succeeded} AND ${fromThisAddress}), false)`,
    })
    .from(authAttempt)
    .where(
      and(
        eq(authAttempt.kind, 'sign_in'),
        eq(authAttempt.email, account),
        gt(authAttempt.createdAt, new Date(now.getTime() - SUCCESS_RETENTION_MS)),
      ),
    );
  const addressFailed = failedAfter(since(now, address.windowMinutes));
  const [byAddress] = await tx
    .select({
      failures: countWhere(addressFailed),
      limitFailureAt: nthNewestAttemptAt(address.maxFailures, addressFailed),
    })
    .from(authAttempt)
    .where(
      and(
        eq(authAttempt.kind, 'sign_in'),
        eq(authAttempt.ip, ip),
        gt(authAttempt.createdAt, new Date(now.getTime() - minutes(address.windowMinutes))),
      ),
    );
  return {
    pairFailures: byAccount?.pairFailures ?? 0,
    pairLimitFailureAt: byAccount?.pairLimitFailureAt ?? null,
    accountFailures: byAccount?.accountFailures ?? 0,
    accountLimitFailureAt: byAccount?.accountLimitFailureAt ?? null,
    pairLastFailureAt: byAccount?.pairLastFailureAt ?? null,
    isKnownAddress: Boolean(byAccount?.isKnownAddress),
    addressFailures: byAddress?.failures ?? 0,
    addressLimitFailureAt: byAddress?.limitFailureAt ?? null,
  };
};

/**
 * Takes one attempt from the allowances before the password is checked, or throws RATE_LIMITED saying when to try
 * again. Counting and writing happen under locks on the account and the address, so 200 requests at once get exactly
 * as many password checks as 200 one after another. The caller settles the attempt once the verdict is known.
 */
export const reserveSignInAttempt = async (db: Database, { email, ip }: AuthAttemptKey, now = new Date()) => {
  const account = email.toLowerCase();
  const attemptId = await db.transaction(async (tx) => {
    await lockAttemptKeys(tx, [`sign_in:account:${account}`, `sign_in:address:${ip}`]);
    const retryAt = signInRetryAt(await readStanding(tx, { account, ip }, now));
    if (retryAt !== null) throw rateLimited('Too many failed sign-in attempts.', retryAt, now);
    return insertAttempt(tx, { kind: 'sign_in', email: account, ip }, now);
  });
  await pruneAttemptsNow(db, now);
  return attemptId;
};
