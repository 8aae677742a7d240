import type { Context } from 'hono';
import { personActor } from '@agentcast/core/domains/audit/audit-actor';
import type { AppEnv } from '../app-env.ts';

/**
 * Who a request acts as: the workspace it acts in, the person (whose own things, like a sign-in flow, it is), and the
 * same person as the audit log names them (with the API key they used, if any).
 */
export const actingMember = (c: Context<AppEnv>) => {
  const userId = c.get('user').id;
  return {
    workspaceId: c.get('workspace').id,
    userId,
    actor: personActor({ userId, apiKeyId: c.get('apiKeyId') }),
  };
};
