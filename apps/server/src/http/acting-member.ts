import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';

/** Who a request acts as: the workspace it acts in, and the person (whose own things, like a sign-in flow, it is). */
export const actingMember = (c: Context<AppEnv>) => ({ workspaceId: c.get('workspace').id, userId: c.get('user').id });
