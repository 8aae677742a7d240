import { z } from 'zod';

/** POST /api/wallet/link: the EIP-4361 message and its personal_sign signature. */
export const walletLinkInputSchema = z.object({
  message: z
    .string({ error: 'The signed message is missing' })
    .min(1, 'The signed message is missing')
    .max(4096, 'The message is too long'),
  signature: z
    .string({ error: 'The signature is missing' })
    .regex(/^0x[0-9a-fA-F]+$/, 'The signature must be hex (0x…)')
    .max(20_000, 'The signature is too long'),
});
export type WalletLinkInput = z.infer<typeof walletLinkInputSchema>;
