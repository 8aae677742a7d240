import { createMiddleware } from 'hono/factory';
import { assertMembership } from '@agentcast/core/domains/membership/assert-membership';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import type { AppEnv } from '../app-env.ts';

/**
 * After requireSession on every gated route: answers 403 { code: 'FORBIDDEN', message } saying what is missing
 * (no wallet linked, no token held, linked on another chain) unless the membership gate lets the user through (by
 * their own wallet, or by an owner's of the workspace the request acts in),
 * so that bypassing the browser's gate gains nothing. Passes at once when the gate is off.
 */
export const requireMembership = (membership: MembershipServices) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await assertMembership(membership, { userId: c.get('user').id, workspaceId: c.get('workspace').id });
    await next();
  });
