import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import type { MembershipConfig } from './membership-config.ts';
import { createTokenBalanceReader, type TokenBalanceReader } from './token-balance-reader.ts';

/** What the membership functions need: shared by the API process and the worker (the scheduler asks too). */
export type MembershipServices = {
  db: Database;
  config: MembershipConfig;
  balances: TokenBalanceReader;
  logger: Logger;
};

export const createMembershipServices = ({
  db,
  config,
  logger,
  now,
}: {
  db: Database;
  config: MembershipConfig;
  logger: Logger;
  /** The cache's clock; tests move it forward instead of waiting for the TTL. */
  now?: () => number;
}): MembershipServices => ({ db, config, logger, balances: createTokenBalanceReader(config, now) });
