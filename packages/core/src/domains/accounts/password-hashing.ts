import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * argon2id with 19 MiB, 2 passes, 1 lane: the OWASP ASVS 5 (Appendix C) minimum. better-auth's built-in
 * scrypt parameters are weaker, so these two functions replace its hasher.
 */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

/** A malformed stored hash counts as a mismatch, never as an error the caller could leak. */
export const verifyPassword = async ({ hash: stored, password }: { hash: string; password: string }) => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};
