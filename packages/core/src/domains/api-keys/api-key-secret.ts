import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@agentcast/contracts/api-keys';

/** A new key: the prefix and 192 random bits, URL-safe, so that it pastes into any header or config file. */
export const newApiKeySecret = () => `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;

/**
 * What is kept of a key. A plain SHA-256 is enough (no salt, no slow hash): the key is random and 192 bits long, so
 * there is no dictionary to try, and the lookup by hash stays one indexed read per request.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The first characters, shown in the list so that the person can tell which key a program holds. */
export const apiKeyHint = (key: string) => `${key.slice(0, API_KEY_PREFIX.length + 4)}…`;
