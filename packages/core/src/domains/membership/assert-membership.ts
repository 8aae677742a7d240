import { AppError } from '../../kernel/app-error.ts';
import { decideMembership, type MembershipDecision } from './decide-membership.ts';
import type { MembershipServices } from './membership-services.ts';

/** Throws FORBIDDEN with the decision's message (what is missing) unless the account may use gated features. */
export const assertMembership = async (
  services: MembershipServices,
  { userId, workspaceId }: { userId: string; workspaceId?: string },
): Promise<MembershipDecision> => {
  const decision = await decideMembership(services, { userId, workspaceId });
  if (!decision.allowed) throw new AppError('FORBIDDEN', decision.message ?? 'Membership required.');
  return decision;
};
