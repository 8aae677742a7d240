import { z } from 'zod';

/** `read` keys may only read (GET); `read-write` keys may do what the owner's session may, but manage the account. */
export const API_KEY_SCOPES = ['read', 'read-write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so that secret scanners and people can tell an Agentcast key at a glance. */
export const API_KEY_PREFIX = 'agc_';

/** Requests one key may make per window; every server process counts against the same figure. */
export const API_KEY_RATE_LIMIT = { requests: 120, windowSeconds: 60 } as const;

/** The expiries the settings screen offers; the API takes any number of days in this range. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_KEY_MAX_EXPIRY_DAYS = 365;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Keys an account may hold at once, expired ones aside (revoking deletes a key): enough for every program. */
export const MAX_ACTIVE_API_KEYS = 25;

export const API_KEY_MESSAGES = {
  nameRequired: 'Name the key, so that you know later which program uses it.',
  nameTooLong: `Keep the name under ${API_KEY_NAME_MAX_LENGTH + 1} characters.`,
  scopeInvalid: 'Choose read or read-write.',
  expiryInvalid: `An expiry is a whole number of days from 1 to ${API_KEY_MAX_EXPIRY_DAYS}, or none.`,
  invalidKey: 'This API key is not valid: it may have been revoked or have expired.',
  readOnly: 'This API key may only read (GET). Create a read-write key to change anything.',
  sessionOnly: 'This is done only in a signed-in browser session, never with an API key.',
  rateLimited: (seconds: number) =>
    `This API key made more than ${API_KEY_RATE_LIMIT.requests} requests in ${API_KEY_RATE_LIMIT.windowSeconds} seconds. Try again in ${seconds} s.`,
  shownOnce: 'Copy this key now: it is shown only once. Agentcast keeps only a fingerprint of it.',
  revoked: 'The key is revoked: programs that use it are refused from now on.',
  tooManyKeys: `You have ${MAX_ACTIVE_API_KEYS} active API keys, the most an account can hold. Revoke one you no longer use to make another.`,
} as const;

export const createApiKeyInputSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, API_KEY_MESSAGES.nameTooLong),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }),
  /** Days until the key stops working; null or absent: it works until revoked. */
  expires_in_days: z
    .number({ error: API_KEY_MESSAGES.expiryInvalid })
    .int(API_KEY_MESSAGES.expiryInvalid)
    .min(1, API_KEY_MESSAGES.expiryInvalid)
    .max(API_KEY_MAX_EXPIRY_DAYS, API_KEY_MESSAGES.expiryInvalid)
    .nullish(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** A key as listed: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, e.g. `agc_Xb3k…`. */
  hint: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  /** Past its expiry: refused, listed until revoked. */
  expired: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time the key itself is sent. */
export const createdApiKeySchema = z.object({ api_key: apiKeySchema, key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ api_keys: z.array(apiKeySchema) });
