import { PlatformError } from '../common/platform.ts';
import { createBlueskyRequester } from './bluesky-requester.ts';

/** What a Bluesky sign-in grants: the session's tokens, the account, and the server the account lives on. */
export type BlueskySession = {
  accessJwt: string;
  refreshJwt: string;
  /** When the access token stops working (its `exp`); null when it carries none. */
  expiresAt: Date | null;
  did: string;
  handle: string;
  /** The account's PDS, from its DID document; the server signed in to when it names none. */
  serviceUrl: string;
};

type SessionAnswer = { accessJwt: string; refreshJwt: string; did: string; handle: string; didDoc?: unknown };

/** A JWT's expiry, read without checking the signature (the server that issued it checks that). */
const expiryOf = (jwt: string) => {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null;
  } catch {
    return null;
  }
};

/** The `#atproto_pds` service of a DID document, where the account's repository is. */
const pdsOf = (didDoc: unknown) => {
  const services = (didDoc as { service?: unknown } | undefined)?.service;
  if (!Array.isArray(services)) return undefined;
  const pds = services.find(
    (service: { id?: unknown }) => typeof service?.id === 'string' && service.id.endsWith('#atproto_pds'),
  ) as { serviceEndpoint?: unknown } | undefined;
  return typeof pds?.serviceEndpoint === 'string' ? pds.serviceEndpoint : undefined;
};

const toSession = (answer: SessionAnswer, serviceUrl: string): BlueskySession => ({
  accessJwt: answer.accessJwt,
  refreshJwt: answer.refreshJwt,
  expiresAt: expiryOf(answer.accessJwt),
  did: answer.did,
  handle: answer.handle,
  serviceUrl: (pdsOf(answer.didDoc) ?? serviceUrl).replace(/\/+$/, ''),
});

/**
 * Signs in with a handle (or e-mail) and an app password (`com.atproto.server.createSession`). The app password
 * itself is not kept: the session it opens is, and renewed. A refusal says what to do in the person's words.
 */
export const createBlueskySession = async ({
  serviceUrl,
  identifier,
  password,
  timeoutMs,
}: {
  serviceUrl: string;
  identifier: string;
  password: string;
  timeoutMs: number;
}): Promise<BlueskySession> => {
  const call = createBlueskyRequester({ serviceUrl, timeoutMs });
  try {
    const { data } = await call({ what: 'the sign-in' }, (agent) =>
      agent.com.atproto.server.createSession({ identifier: identifier.replace(/^@/, ''), password }),
    );
    return toSession(data, serviceUrl);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'permanent') throw error;
    const twoFactor = error.message.includes('AuthFactorTokenRequired');
    throw new PlatformError(
      'bluesky',
      'permanent',
      'rejected',
      twoFactor
        ? 'Bluesky asks this account for a sign-in code: use an app password (Settings → Privacy and security → App passwords), not the account password.'
        : 'Bluesky did not accept this handle and app password. Check both, or make a new app password (Settings → Privacy and security → App passwords).',
      { status: error.status, cause: error },
    );
  }
};

export const BLUESKY_SESSION_ENDED =
  'Bluesky no longer accepts this account’s session (its app password was revoked, or it went unused too long). Connect Bluesky again with an app password.';

/**
 * Renews a session with its refresh token (`com.atproto.server.refreshSession`), which is then spent. A refresh
 * token refused (revoked, expired or spent) ends the connection: the person connects again.
 */
export const refreshBlueskySession = async ({
  serviceUrl,
  refreshJwt,
  timeoutMs,
}: {
  serviceUrl: string;
  refreshJwt: string;
  timeoutMs: number;
}): Promise<BlueskySession> => {
  const call = createBlueskyRequester({ serviceUrl, token: refreshJwt, timeoutMs });
  try {
    const { data } = await call({ what: 'the renewal of the session' }, (agent) =>
      agent.com.atproto.server.refreshSession(),
    );
    return toSession(data, serviceUrl);
  } catch (error) {
    const refused = error instanceof PlatformError && (error.status === 400 || error.status === 401);
    if (!refused) throw error;
    throw new PlatformError('bluesky', 'permanent', 'reconnect_required', BLUESKY_SESSION_ENDED, {
      status: error.status,
      cause: error,
    });
  }
};
