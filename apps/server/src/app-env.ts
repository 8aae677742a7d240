import type { Logger } from 'pino';

export type SignedInUser = { id: string; email: string };

/** The per-request values the middleware puts on the Hono context. */
export type AppEnv = {
  Variables: {
    /** The caller's address, proxies taken into account only as far as TRUST_PROXY allows. */
    clientIp: string;
    logger: Logger;
    /** Set by requireSession on the routes that need a signed-in user. */
    user: SignedInUser;
    /** Set by requireCaller when the request came with an API key rather than a session. */
    apiKeyId?: string;
  };
};
