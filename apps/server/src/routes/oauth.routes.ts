import { Hono } from 'hono';
import { oauthExchangeInputSchema, oauthStartInputSchema } from '@agentcast/contracts/connections';
import type { ConnectionServices } from '@agentcast/core/connections/connection-services';
import { exchangeOAuthCode } from '@agentcast/core/connections/exchange-oauth-code';
import { startOAuthFlow } from '@agentcast/core/connections/start-oauth-flow';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import type { AppEnv } from '../app-env.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';
import { validateJson } from '../middleware/validate-json.ts';

/**
 * /api/oauth: the server's half of connecting a platform. `start` answers the provider's authorization URL and the
 * state the browser keeps; `exchange` (spec §7) checks that state again, exchanges the code and stores the tokens,
 * answering `{ success }` and the account connected — never a token.
 */
type Options = { session: SessionCheck; membership: MembershipServices; services: ConnectionServices };

/** Gated like every agent route: connecting accounts is for members. */
export const createOAuthRoutes = ({ session, membership, services }: Options) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .use(requireMembership(membership))
    .post('/start', validateJson(oauthStartInputSchema), async (c) =>
      c.json(await startOAuthFlow(services, { userId: c.get('user').id, input: c.req.valid('json') })),
    )
    .post('/exchange', validateJson(oauthExchangeInputSchema), async (c) =>
      c.json(await exchangeOAuthCode(services, { userId: c.get('user').id, input: c.req.valid('json') })),
    );
