import { z } from 'zod';

/** What a person chose for their account (GET/PATCH /api/account/settings). */
export const accountSettingsSchema = z.object({
  /** An e-mail when drafts have waited for review for an hour (at most one an hour). */
  notify_drafts_waiting: z.boolean(),
  /** An e-mail when a post fails to publish. */
  notify_publish_failed: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const accountSettingsChangesSchema = accountSettingsSchema
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to change.');

/** The settings' texts, shared by the settings screen and the e-mails that point to it. */
export const ACCOUNT_SETTINGS_TEXTS = {
  notifyDraftsWaiting: 'E-mail me when drafts have waited an hour for review',
  notifyPublishFailed: 'E-mail me when a post fails to publish',
} as const;
