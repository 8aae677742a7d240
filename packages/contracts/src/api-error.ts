/**
 * The body of every error answer from /api, ours and better-auth's alike:
 * `message` is written for people and shown as is; `fieldErrors` names the form fields at fault. (Its schema, for
 * the API's description, is in api/define-route.ts: this module stays free of zod for the browser's first screen.)
 */
export type ApiErrorBody = { code: string; message: string; fieldErrors?: Record<string, string[]> };

export const isApiErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
