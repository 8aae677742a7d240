import { eq } from 'drizzle-orm';
import { PLANS, type Plan, type PlanId } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { userPlan } from '@agentcast/db/schema/plans';

/** A plan by id; the deployment's default plan (DEFAULT_PLAN, Starter unless set) when the account has none. */
export const planFor = (id: string | undefined, defaultPlan: PlanId): Plan =>
  (PLANS.find((plan) => plan.id === id) ?? PLANS.find((plan) => plan.id === defaultPlan)) as Plan;

/** The account's plan: the one an operator set (`npm run plan`), else the deployment's default (spec §9: Starter). */
export const getAccountPlan = async (db: Database, workspaceId: string, defaultPlan: PlanId): Promise<Plan> => {
  const [row] = await db
    .select({ plan: userPlan.plan })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, workspaceId))
    .limit(1);
  return planFor(row?.plan, defaultPlan);
};
