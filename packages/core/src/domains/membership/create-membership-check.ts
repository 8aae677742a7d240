import { AppError } from '../../kernel/app-error.ts';
import { decideMembership } from './decide-membership.ts';
import type { MembershipServices } from './membership-services.ts';

/**
 * Whether a workspace's agents may still act on their own: asked before each scheduled post and reply. A workspace
 * has its founder's id; it may act while any of its owners holds the token.
 */
export type MembershipCheck = (workspaceId: string) => Promise<{ allowed: true } | { allowed: false; reason: string }>;

/**
 * The worker's view of the gate, asked before each scheduled post and reply: allowed (a member, or the gate is off),
 * or not, with the reason the terminal shows. A chain that cannot be read counts as not allowed (the gate fails
 * closed); the next slot asks again.
 */
export const createMembershipCheck =
  (services: MembershipServices): MembershipCheck =>
  async (workspaceId) => {
    try {
      const decision = await decideMembership(services, { userId: workspaceId, workspaceId });
      return decision.allowed
        ? { allowed: true }
        : { allowed: false, reason: decision.message ?? 'the membership token was not found' };
    } catch (error) {
      if (error instanceof AppError) return { allowed: false, reason: error.message };
      throw error;
    }
  };
