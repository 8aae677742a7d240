/** The schema-free values of password-reset.ts, for screens that must not load zod. */
/** How long a password reset link works; it works once. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
/** How long the link in the old address's notice can put an address back after an e-mail change. */
export const EMAIL_REVERT_LINK_DAYS = 7;

/** The texts of "Forgot password?", the reset link and the way back from an e-mail change. */
export const PASSWORD_RESET_MESSAGES = {
  forgotPassword: 'Forgot password?',
  linkSent: (email: string) =>
    `If an account uses ${email}, a link to choose a new password is on its way. It works once, within an hour.`,
  linkInvalid: 'This password reset link is invalid, expired or already used. Ask for a new one.',
  passwordReset: 'Your password is changed and every session was signed out. Sign in with the new password.',
  tooManyRequests: 'Too many password reset requests.',
  revokeApiKeys: 'Also revoke my API keys',
  revokeApiKeysHint: 'Programs that use one stop working until you give them a new key.',
  revertLinkInvalid: 'This link is invalid, expired or already used.',
  emailRestored: (email: string) =>
    `Your account uses ${email} again and every session was signed out. We sent a link to that address to choose a new password.`,
  emailTakenSince: (email: string) =>
    `${email} now belongs to another account, so it cannot be put back. Write to the operator of this server.`,
} as const;
