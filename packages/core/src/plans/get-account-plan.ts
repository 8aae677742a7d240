import { eq } from 'drizzle-orm';
import { PLANS, type Plan } from '@agentcast/contracts/plans';
import type { Database } from '@agentcast/db/client';
import { userPlan } from '@agentcast/db/schema/plans';

const planById = (id: string | undefined): Plan => PLANS.find((plan) => plan.id === id) ?? (PLANS[0] as Plan);

/** The account's plan; Starter until an operator sets another (spec §9). */
export const getAccountPlan = async (db: Database, userId: string): Promise<Plan> => {
  const [row] = await db.select({ plan: userPlan.plan }).from(userPlan).where(eq(userPlan.userId, userId)).limit(1);
  return planById(row?.plan);
};
