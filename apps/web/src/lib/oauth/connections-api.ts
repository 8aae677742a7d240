import type { ConnectionsOverview } from '@agentcast/contracts/connections';
import { apiRequest } from '../api-client.ts';

/** The user's own connections (agent builder), or an agent's; and which platforms this server can connect. */
export const fetchConnections = (agentId?: string, signal?: AbortSignal) =>
  apiRequest<ConnectionsOverview>(agentId ? `/api/connections?agent=${encodeURIComponent(agentId)}` : '/api/connections', { signal });

export const connectionsQueryKey = (agentId?: string) => ['connections', agentId ?? 'user'] as const;

/** Disconnects (the server revokes the grant where the provider allows). */
export const deleteConnection = (connectionId: string) =>
  apiRequest<{ success: true; revoked: boolean }>(`/api/connections/${encodeURIComponent(connectionId)}`, { method: 'DELETE' });
