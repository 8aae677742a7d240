import { isConnectablePlatform } from '@agentcast/contracts/connections';
import type { PlatformAccess as Connection } from '../../connections/get-platform-access.ts';
import { getPlatformAccesses } from '../../connections/get-platform-accesses.ts';
import type { ConnectionServices } from '../../connections/connection-services.ts';
import { PlatformAccessError } from '../../connections/platform-access-error.ts';
import type { PlatformAccess, ResolvePlatformAccess, ResolvePlatformAccesses } from './publishing-services.ts';
import { coalesceCalls } from '../../../kernel/coalesce-calls.ts';

type Services = Pick<ConnectionServices, 'db' | 'secretBox' | 'oauthProviders' | 'credentialSignIns' | 'logger'>;

/** A connection's outcome as publishing sees it: usable credentials, none, or unusable (and whether to retry). */
const accessOf = (found: Connection | null | PlatformAccessError): PlatformAccess => {
  if (found instanceof PlatformAccessError)
    return { kind: 'unusable', message: found.message, retry: found.reason === 'unavailable' };
  if (!found) return { kind: 'none' };
  const { accessToken, accountId, serviceUrl, connectionId } = found;
  // The account's own server (a Bluesky PDS) travels with its token: the adapter calls it, not its default.
  return { kind: 'ok', credentials: { accessToken, accountId, ...(serviceUrl && { serviceUrl }) }, connectionId };
};

/**
 * Publishing's view of platform connections: the agent's own account (else the user's agent-builder one), renewed
 * when due; a revoked or expired one is unusable until the person reconnects, a provider outage is worth a retry.
 * Deliveries published side by side ask at the same moment: their requests are answered by one query
 * (getPlatformAccesses, kernel/coalesce-calls.ts).
 */
export const createAccessResolver = (services: Services): ResolvePlatformAccess => {
  const resolveTogether = coalesceCalls(createAccessesResolver(services));
  return (request) => resolveTogether(request);
};

/** The same for many agents at once, in one query (the metrics collector's pass); answers in the requests' order. */
export const createAccessesResolver =
  (services: Services): ResolvePlatformAccesses =>
  async (requests) => {
    const answers: PlatformAccess[] = requests.map(() => ({ kind: 'none' }));
    const connectable = requests.flatMap((request, index) =>
      isConnectablePlatform(request.platform) ? [{ index, request: { ...request, platform: request.platform } }] : [],
    );
    const found = await getPlatformAccesses(
      services,
      connectable.map(({ request }) => request),
    );
    connectable.forEach(({ index }, position) => {
      answers[index] = accessOf(found[position] ?? null);
    });
    return answers;
  };
