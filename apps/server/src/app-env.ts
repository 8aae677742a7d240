import type { Logger } from 'pino';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';

export type SignedInUser = { id: string; email: string };

/** The workspace a request acts in (decision 028), and the caller's role in it. */
export type CallerWorkspace = { id: string; role: WorkspaceRole };

/** The per-request values the middleware puts on the Hono context. */
export type AppEnv = {
  Variables: {
    /** The caller's address, proxies taken into account only as far as TRUST_PROXY allows. */
    clientIp: string;
    logger: Logger;
    /** Set by requireSession on the routes that need a signed-in user. */
    user: SignedInUser;
    /** Set with `user`: the workspace whose agents, connections, keys and webhooks the request reads and changes. */
    workspace: CallerWorkspace;
    /** Set by requireCaller when the request came with an API key rather than a session. */
    apiKeyId?: string;
  };
};
