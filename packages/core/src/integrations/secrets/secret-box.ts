import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (X credentials, platform tokens). A sealed value reads
 * `v1.{iv}.{tag}.{ciphertext}` (base64url parts): the version leaves room for key rotation, the 96-bit random IV
 * is never reused with the same key in practice, and the tag makes any tampering fail to open.
 */
export type SecretBox = {
  seal: (plaintext: string) => string;
  open: (sealed: string) => string;
};

const VERSION = 'v1';

/** `key`: 32 bytes, given as base64 or base64url (e.g. `openssl rand -base64 32`). */
export const createSecretBox = (key: string): SecretBox => {
  const keyBytes = Buffer.from(key, 'base64');
  if (keyBytes.length !== 32)
    throw new Error('ENCRYPTION_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)');

  return {
    seal: (plaintext) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyBytes, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open: (sealed) => {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', keyBytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
};
