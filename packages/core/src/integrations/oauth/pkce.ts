import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: an OAuth state or a PKCE verifier (43 characters, within RFC 7636's 43-128). */
export const randomUrlToken = () => randomBytes(32).toString('base64url');

/** RFC 7636 S256: base64url(sha256(verifier)). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
