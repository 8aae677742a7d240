import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { CLIENT_LINK_MESSAGES } from '@agentcast/contracts/client-links';
import type { Database } from '@agentcast/db/client';
import { clientLink } from '@agentcast/db/schema/client-links';
import { AppError } from '../../kernel/app-error.ts';

/** 256 random bits; only their SHA-256 is kept, so a fast hash is enough. */
export const newClientLinkToken = () => randomBytes(32).toString('base64url');
export const hashClientLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page a client's link opens (apps/web: the client approval route). */
export const clientApprovalPath = (token: string) => `/approve/${encodeURIComponent(token)}`;

/** The link a token names, if it still works (not revoked, not expired); else 404 with the sentence why. */
export const findWorkingClientLink = async (db: Database, { token, now }: { token: string; now: Date }) => {
  const [link] = await db
    .select()
    .from(clientLink)
    .where(
      and(
        eq(clientLink.tokenHash, hashClientLinkToken(token)),
        isNull(clientLink.revokedAt),
        gt(clientLink.expiresAt, now),
      ),
    );
  if (!link) throw new AppError('NOT_FOUND', CLIENT_LINK_MESSAGES.invalid);
  return link;
};
