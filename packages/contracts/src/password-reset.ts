import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.ts';
import { PASSWORD_RESET_MESSAGES } from './password-reset-constants.ts';

export * from './password-reset-constants.ts';

/** The token of a link of ours: what it is checked against is random, so its shape only needs bounding. */
const linkTokenSchema = (invalid: string) => z.string({ error: invalid }).min(1, invalid).max(200, invalid);

export const requestPasswordResetInputSchema = z.object({ email: emailSchema });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

/** `revokeApiKeys` is on unless the person unticks it: whoever had the password may have made keys too. */
export const resetPasswordInputSchema = z.object({
  token: linkTokenSchema(PASSWORD_RESET_MESSAGES.linkInvalid),
  newPassword: newPasswordSchema,
  revokeApiKeys: z.boolean().default(true),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

export const revertEmailChangeInputSchema = z.object({
  token: linkTokenSchema(PASSWORD_RESET_MESSAGES.revertLinkInvalid),
});
export type RevertEmailChangeInput = z.infer<typeof revertEmailChangeInputSchema>;
