import { z } from 'zod';
import { MEMBERSHIP_OUTCOMES, type SiweNonce, type WalletStatus } from '../membership.ts';
import { walletLinkInputSchema } from '../wallet-link.ts';
import { SESSION_ONLY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

// membership.ts stays free of zod (the gate's first chunk imports its texts); the answers' schemas are written
// here to its types, and `satisfies` keeps the two the same.
const walletStatusSchema = z.object({
  gate: z.object({ enabled: z.boolean(), contract: z.string().nullable(), chainId: z.number(), rpcUrl: z.string() }),
  link: z.object({ address: z.string(), chainId: z.number(), verifiedAt: z.string() }).nullable(),
  membership: z.object({
    outcome: z.enum(MEMBERSHIP_OUTCOMES),
    allowed: z.boolean(),
    address: z.string().nullable(),
    message: z.string().nullable(),
  }),
}) satisfies z.ZodType<WalletStatus>;

const siweNonceSchema = z.object({ nonce: z.string(), expiresAt: z.string() }) satisfies z.ZodType<SiweNonce>;

/** Signed in, not gated: this is how one gets through the membership gate. */
export const walletRoutes = {
  status: defineRoute({
    method: 'get',
    path: '/api/wallet',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'The gate’s settings, the linked wallet and the server’s decision',
    responses: { 200: jsonContent(walletStatusSchema, 'The wallet status'), ...errorResponses(401) },
  }),
  nonce: defineRoute({
    method: 'post',
    path: '/api/wallet/nonce',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'A single-use Sign-In with Ethereum nonce for this account',
    responses: { 201: jsonContent(siweNonceSchema, 'The nonce'), ...errorResponses(401, 429) },
  }),
  link: defineRoute({
    method: 'post',
    path: '/api/wallet/link',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Link the wallet that signed the EIP-4361 message',
    request: { body: { ...jsonContent(walletLinkInputSchema, 'The message and its signature'), required: true } },
    responses: { 200: jsonContent(walletStatusSchema, 'The wallet status'), ...errorResponses(400, 401, 409) },
  }),
  unlink: defineRoute({
    method: 'delete',
    path: '/api/wallet/link',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Release the linked wallet',
    responses: { 200: jsonContent(walletStatusSchema, 'The wallet status'), ...errorResponses(401) },
  }),
};
