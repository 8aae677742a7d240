import { z } from 'zod';

/**
 * The body of every error answer from /api, ours and better-auth's alike:
 * `message` is written for people and shown as is; `fieldErrors` names the form fields at fault.
 */
export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const isApiErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
