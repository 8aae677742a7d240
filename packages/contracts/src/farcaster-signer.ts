import { z } from 'zod';
import { platformConnectionSchema } from './connections.ts';

/** POST /api/connections/farcaster: a signer for the person to approve, for the user, an agent or an agent-to-be. */
export const farcasterSignerStartInputSchema = z
  .object({ agentId: z.uuid('agentId must be an agent id').optional(), newAgent: z.boolean().optional() })
  .refine((input) => !(input.agentId && input.newAgent), {
    message: 'Give agentId or newAgent, not both',
    path: ['newAgent'],
  });
export type FarcasterSignerStartInput = z.infer<typeof farcasterSignerStartInputSchema>;

/** The approval the person gives in their Farcaster app: its link, the same link as a QR code, and until when. */
export const farcasterSignerRequestSchema = z.object({
  request_id: z.string(),
  approval_url: z.string(),
  /** An SVG picture of the QR code, as a data: URL for an <img>. */
  qr_code: z.string(),
  expires_at: z.string(),
});
export type FarcasterSignerRequest = z.infer<typeof farcasterSignerRequestSchema>;

/** GET /api/connections/farcaster/:requestId: still waiting, connected, or over (with why, in words). */
export const farcasterSignerStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('approved'), connection: platformConnectionSchema, agent_name: z.string().nullable() }),
  z.object({ status: z.literal('ended'), message: z.string() }),
]);
export type FarcasterSignerStatus = z.infer<typeof farcasterSignerStatusSchema>;
