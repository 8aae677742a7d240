import { z } from 'zod';
import { AUTH_VALIDATION_MESSAGES, emailSchema, newPasswordSchema } from './auth.ts';
import { isTimeZone } from './posting-day.ts';

/** What a person chose for their account (GET/PATCH /api/account/settings). */
export const accountSettingsSchema = z.object({
  /** An e-mail when drafts have waited for review for an hour (at most one an hour). */
  notify_drafts_waiting: z.boolean(),
  /** An e-mail when a post fails to publish. */
  notify_publish_failed: z.boolean(),
  /**
   * The person's IANA time zone, sent by their browser: an agent whose posts are spread over the day posts within
   * the posting hours of this zone, and the plan's texts name times in it. Null until sent (UTC).
   */
  time_zone: z.string().nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsChangesSchema = accountSettingsSchema
  .extend({ time_zone: z.string().refine(isTimeZone, 'Unknown time zone: give an IANA name such as Europe/Berlin.') })
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change.');
export type AccountSettingsChanges = z.infer<typeof accountSettingsChangesSchema>;

/** The settings' texts, shared by the settings screen and the e-mails that point to it. */
export const ACCOUNT_SETTINGS_TEXTS = {
  notifyDraftsWaiting: 'E-mail me when drafts have waited an hour for review',
  notifyPublishFailed: 'E-mail me when a post fails to publish',
} as const;

/** What the account actions answer when refused or done; the settings screen shows the same texts. */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Your current password is not correct.',
  samePassword: 'The new password is the same as the current one.',
  passwordChanged: 'Your password is changed. Every other session was signed out.',
  sameEmail: 'That is already your e-mail address.',
  emailChangeSent: (email: string) =>
    `We sent a link to ${email}. Your address changes when you open it (within an hour).`,
  emailChanged: 'Your e-mail address is changed.',
  otherSessionsRevoked: 'Signed out of every other session.',
  deleteConfirmationRequired: 'Enter your password to delete your account.',
  accountDeleted: 'Your account and everything of it are deleted.',
} as const;

const passwordField = (required: string) => z.string({ error: required }).min(1, required);

export const changePasswordInputSchema = z.object({
  currentPassword: passwordField(AUTH_VALIDATION_MESSAGES.passwordRequired),
  newPassword: newPasswordSchema,
  /** On unless unticked: whoever knew the old password may have made keys too. */
  revokeApiKeys: z.boolean().default(true),
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** The password is asked again: a session left open somewhere must not be enough to move the account away. */
export const changeEmailInputSchema = z.object({
  newEmail: emailSchema,
  password: passwordField(AUTH_VALIDATION_MESSAGES.passwordRequired),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

export const deleteAccountInputSchema = z.object({
  password: passwordField(ACCOUNT_MESSAGES.deleteConfirmationRequired),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/** The account's signed-in sessions: this one and how many others (other browsers, devices). */
export const accountSessionsSchema = z.object({ otherSessions: z.number().int().nonnegative() });

export const accountMessageSchema = z.object({ message: z.string() });

/** One stored file in the export, its bytes base64-encoded. */
export const exportedFileSchema = z.object({
  bucket: z.enum(['images', 'trainingfiles']),
  path: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  base64: z.string(),
});

/**
 * The data export (GET /api/account/export): one JSON file with the account, its agents, terminal messages,
 * connections (never tokens), drafts and runs, and every uploaded or generated file embedded.
 */
export const accountExportSchema = z.object({
  format: z.literal('agentcast-export/1'),
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), createdAt: z.string() }),
  settings: accountSettingsSchema,
  wallet: z.object({ address: z.string(), chainId: z.number(), verifiedAt: z.string() }).nullable(),
  agents: z.array(z.record(z.string(), z.unknown())),
  terminalMessages: z.array(z.record(z.string(), z.unknown())),
  connections: z.array(z.record(z.string(), z.unknown())),
  runs: z.array(z.record(z.string(), z.unknown())),
  schedules: z.array(z.record(z.string(), z.unknown())),
  knowledgeSources: z.array(z.record(z.string(), z.unknown())),
  apiKeys: z.array(z.record(z.string(), z.unknown())),
  webhookEndpoints: z.array(z.record(z.string(), z.unknown())),
  files: z.array(exportedFileSchema),
  missingFiles: z.array(z.object({ bucket: z.string(), path: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
