import { relativeDay } from '@agentcast/contracts/posting-day';
import type { Plan } from '@agentcast/contracts/plans';
import { QUOTA_MESSAGES } from '@agentcast/contracts/quota-messages';
import type { Database } from '@agentcast/db/client';
import { AppError } from '../../kernel/app-error.ts';
import { accountTimeZone } from './account-time-zone.ts';

/**
 * The refusal of a post for a day whose posts are used ("Tomorrow's 2 posts are used (Starter)."), the day named as
 * the person sees it: in their account's time zone.
 */
export const quotaUsedError = async (
  db: Database,
  { workspaceId, plan, at, now }: { workspaceId: string; plan: Plan; at: Date; now: Date },
) =>
  new AppError(
    'QUOTA_USED',
    QUOTA_MESSAGES.dayUsed(plan, relativeDay(await accountTimeZone(db, workspaceId), at, now)),
  );
