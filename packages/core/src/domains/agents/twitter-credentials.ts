import { TWITTER_CREDENTIAL_FIELDS, type TwitterCredentials } from '@agentcast/contracts/agents';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';

const EMPTY: TwitterCredentials = {
  TWITTER_USERNAME: '',
  TWITTER_EMAIL: '',
  TWITTER_PASSWORD: '',
  TWITTER_2FA_SECRET: '',
};

/** Seals all four fields as one JSON value; null when none is set. */
export const sealTwitterCredentials = (credentials: TwitterCredentials, secretBox: SecretBox): string | null => {
  const normalized = {
    ...credentials,
    TWITTER_2FA_SECRET: credentials.TWITTER_2FA_SECRET.replace(/\s+/g, '').toUpperCase(),
  };
  return TWITTER_CREDENTIAL_FIELDS.some((field) => normalized[field])
    ? secretBox.seal(JSON.stringify(normalized))
    : null;
};

export const openTwitterCredentials = (sealed: string | null, secretBox: SecretBox): TwitterCredentials =>
  sealed ? { ...EMPTY, ...(JSON.parse(secretBox.open(sealed)) as Partial<TwitterCredentials>) } : { ...EMPTY };

/** Typed fields replace the stored ones; blank fields keep them (the edit form never shows stored secrets). */
export const mergeTwitterCredentials = (stored: TwitterCredentials, typed: TwitterCredentials): TwitterCredentials =>
  Object.fromEntries(
    TWITTER_CREDENTIAL_FIELDS.map((field) => [field, typed[field] || stored[field]]),
  ) as TwitterCredentials;
