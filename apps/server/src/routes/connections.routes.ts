import { connectionsRoutes } from '@agentcast/contracts/api/connections-routes';
import type { ConnectionServices } from '@agentcast/core/domains/connections/connection-services';
import { deleteConnection } from '@agentcast/core/domains/connections/delete-connection';
import { connectWithCredentials } from '@agentcast/core/domains/connections/connect-with-credentials';
import {
  checkFarcasterConnection,
  startFarcasterConnection,
} from '@agentcast/core/domains/connections/connect-farcaster';
import { chooseOAuthAccount } from '@agentcast/core/domains/connections/choose-oauth-account';
import { exchangeOAuthCode } from '@agentcast/core/domains/connections/exchange-oauth-code';
import { listConnections } from '@agentcast/core/domains/connections/list-connections';
import { readTikTokCreator } from '@agentcast/core/domains/connections/read-tiktok-creator';
import { startOAuthFlow } from '@agentcast/core/domains/connections/start-oauth-flow';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

type Options = { session: SessionCheck; membership: MembershipServices; services: ConnectionServices };

/**
 * Platform connections (gated like every agent route: connecting accounts is for members). The connections, or one
 * agent's; disconnecting (revoking at the provider where possible); and the server's half of the OAuth round trip:
 * `start` answers the provider's authorization URL and the state the browser keeps, `exchange` (spec §7) checks that
 * state again, exchanges the code and stores the tokens, answering the account connected — never a token. `credentials`
 * connects an account with its own credentials (Bluesky's app password, a Telegram bot, a Discord webhook), checked
 * with the platform at once; `farcaster` makes a key for the person to approve in their Farcaster app, and its status
 * is asked until they do. `tiktok/creator` reads the settings TikTok shows before a post. Another workspace's connection answers 404 like a missing
 * one.
 */
export const createConnectionsRoutes = ({ session, membership, services }: Options) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, connectionsRoutes.list), async (c) =>
      c.json(
        await listConnections(services, {
          workspaceId: c.get('workspace').id,
          agentId: c.req.valid('query').agent || undefined,
        }),
        200,
      ),
    )
    .openapi(behind(gated, connectionsRoutes.remove), async (c) =>
      c.json(await deleteConnection(services, { ...actingMember(c), connectionId: c.req.valid('param').id }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.startOAuth), async (c) =>
      c.json(await startOAuthFlow(services, { ...actingMember(c), input: c.req.valid('json') }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.exchangeOAuth), async (c) =>
      c.json(await exchangeOAuthCode(services, { userId: c.get('user').id, input: c.req.valid('json') }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.chooseOAuthAccount), async (c) =>
      c.json(await chooseOAuthAccount(services, { userId: c.get('user').id, input: c.req.valid('json') }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.connectWithCredentials), async (c) =>
      c.json(await connectWithCredentials(services, { ...actingMember(c), input: c.req.valid('json') }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.startFarcaster), async (c) =>
      c.json(await startFarcasterConnection(services, { ...actingMember(c), input: c.req.valid('json') }), 200),
    )
    .openapi(behind(gated, connectionsRoutes.checkFarcaster), async (c) =>
      c.json(
        await checkFarcasterConnection(services, {
          userId: c.get('user').id,
          requestId: c.req.valid('param').requestId,
        }),
        200,
      ),
    )
    .openapi(behind(gated, connectionsRoutes.tiktokCreator), async (c) =>
      c.json(
        await readTikTokCreator(services, { workspaceId: c.get('workspace').id, agentId: c.req.valid('query').agent }),
        200,
      ),
    );
};
