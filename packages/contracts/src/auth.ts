import { z } from 'zod';

/** Limits and texts of the e-mail + password form, shared by the login screen and the auth routes. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const AUTH_VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  emailTaken: 'An account with this email already exists. Sign in instead, or use another email.',
  emailNotVerified: 'Your email is not verified yet. We have sent you a new verification link: open it, then sign in.',
  invalidCredentials: 'Invalid email or password',
  emailVerified: 'Your email is verified. You can sign in now.',
  verificationLinkInvalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
} as const;

/** What the login screen says around the verification link (the spec's 'Check your email…' comes first). */
export const VERIFICATION_MESSAGES = {
  sentTo: (email: string) => `We sent it to ${email}.`,
  resend: 'Resend',
  resent: (email: string) => `We sent a new link to ${email}. It is valid for one hour.`,
  tooManyResends: 'Too many verification e-mails asked for.',
  verifiedWelcome: 'Your email is verified. Welcome to Agentcast!',
} as const;

export const emailSchema = z
  .string({ error: AUTH_VALIDATION_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_VALIDATION_MESSAGES.emailRequired)
  .pipe(z.email(AUTH_VALIDATION_MESSAGES.emailInvalid));

/** Sign-in only checks presence: a stricter rule here would tell an attacker which passwords cannot exist. */
export const signInInputSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_VALIDATION_MESSAGES.passwordRequired })
    .min(1, AUTH_VALIDATION_MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

/** A password being chosen: at sign-up, on a change and on a reset. */
export const newPasswordSchema = z
  .string({ error: AUTH_VALIDATION_MESSAGES.passwordRequired })
  .min(1, AUTH_VALIDATION_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_VALIDATION_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_VALIDATION_MESSAGES.passwordTooLong);

export const signUpInputSchema = z.object({ email: emailSchema, password: newPasswordSchema });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

/** What GET /api/auth/get-session answers: the signed-in user (spec §3 "User"), or null. */
export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() });
export type SessionUser = z.infer<typeof sessionUserSchema>;
export const sessionSchema = z
  .object({ user: sessionUserSchema, session: z.object({ expiresAt: z.string() }) })
  .nullable();
export type Session = z.infer<typeof sessionSchema>;

export const resendVerificationInputSchema = z.object({ email: emailSchema });
export type ResendVerificationInput = z.infer<typeof resendVerificationInputSchema>;
