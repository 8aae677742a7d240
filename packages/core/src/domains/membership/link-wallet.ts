import { and, eq, gt, ne } from 'drizzle-orm';
import type { Hex } from 'viem';
import { SIWE_MESSAGES, type WalletStatus } from '@agentcast/contracts/membership';
import { siweNonce, walletLink } from '@agentcast/db/schema/wallet';
import { AppError } from '../../kernel/app-error.ts';
import { getWalletStatus } from './get-wallet-status.ts';
import type { MembershipServices } from './membership-services.ts';

export type LinkWalletInput = {
  userId: string;
  /** The EIP-4361 message the wallet signed. */
  message: string;
  /** Its personal_sign signature. Never logged. */
  signature: Hex;
  /** The app's public origin: the message's domain and URI must name it. */
  publicUrl: string;
  now?: Date;
};

const refuse = (message: string): never => {
  throw new AppError('FORBIDDEN', message);
};

const isUniqueViolation = (error: unknown) =>
  [error, (error as { cause?: unknown })?.cause].some(
    (candidate) => (candidate as { code?: string } | undefined)?.code === '23505',
  );

/**
 * Sign-In with Ethereum (EIP-4361, verified with viem) links the signing wallet to the signed-in account.
 * The nonce is burnt before anything else is checked, so every attempt uses it up. Then the server's own checks,
 * which viem leaves to the caller: the chain (viem does not check it), the domain and URI (PUBLIC_URL's), the
 * expiry; then the signature. An address belongs to one account at most (409 otherwise).
 */
export const linkWallet = async (
  services: MembershipServices,
  { userId, message, signature, publicUrl, now = new Date() }: LinkWalletInput,
): Promise<WalletStatus> => {
  const { db, config, balances, logger } = services;
  const [{ getAddress, isAddress }, { parseSiweMessage, verifySiweMessage }] = await Promise.all([
    import('viem'),
    import('viem/siwe'),
  ]);
  const fields = parseSiweMessage(message);
  if (
    !fields.address ||
    !isAddress(fields.address) ||
    !fields.nonce ||
    !fields.domain ||
    !fields.uri ||
    !fields.chainId ||
    fields.version !== '1'
  ) {
    throw new AppError('VALIDATION_FAILED', SIWE_MESSAGES.malformed);
  }

  const [burnt] = await db
    .delete(siweNonce)
    .where(and(eq(siweNonce.nonce, fields.nonce), eq(siweNonce.userId, userId), gt(siweNonce.expiresAt, now)))
    .returning({ nonce: siweNonce.nonce });
  if (!burnt) refuse(SIWE_MESSAGES.nonceInvalid);

  const expected = new URL(publicUrl);
  if (fields.domain !== expected.host) refuse(SIWE_MESSAGES.wrongDomain(expected.host));
  if (fields.uri.replace(/\/$/, '') !== expected.origin) refuse(SIWE_MESSAGES.wrongUri(expected.origin));
  if (fields.chainId !== config.chainId) refuse(SIWE_MESSAGES.wrongChain(config.chainId));
  if (fields.expirationTime && fields.expirationTime.getTime() <= now.getTime()) refuse(SIWE_MESSAGES.expired);

  const verified = await verifySiweMessage(await balances.client(), {
    message,
    signature,
    domain: expected.host,
    nonce: fields.nonce,
    time: now,
  }).catch((error: unknown) => {
    logger.warn(
      { userId, address: fields.address, reason: (error as Error).message.split('\n')[0] },
      'SIWE verification failed',
    );
    return false;
  });
  if (!verified) refuse(SIWE_MESSAGES.badSignature);

  const address = getAddress(fields.address);
  const stored = address.toLowerCase();
  const [taken] = await db
    .select({ userId: walletLink.userId })
    .from(walletLink)
    .where(and(eq(walletLink.address, stored), ne(walletLink.userId, userId)))
    .limit(1);
  if (taken) throw new AppError('CONFLICT', SIWE_MESSAGES.addressTaken);
  try {
    await db
      .insert(walletLink)
      .values({ userId, address: stored, chainId: fields.chainId, verifiedAt: now })
      .onConflictDoUpdate({
        target: walletLink.userId,
        set: { address: stored, chainId: fields.chainId, verifiedAt: now },
      });
  } catch (error) {
    // Another account linked the same address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', SIWE_MESSAGES.addressTaken);
    throw error;
  }
  balances.forget(address);
  logger.info({ userId, address, chainId: fields.chainId }, 'Wallet linked');
  return getWalletStatus(services, { userId });
};
