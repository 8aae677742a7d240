import { PLANS } from '@agentcast/contracts/plans';
import { AppError } from '@agentcast/core/kernel/app-error';
import { setAccountPlan } from '@agentcast/core/domains/plans/set-account-plan';
import { respreadAccountSchedules } from '@agentcast/core/domains/schedules/respread-account-schedules';
import { DataDirLockedError } from '@agentcast/db/data-dir-lock';
import { openAppDatabase } from '../compose/open-app-database.ts';
import { readEnvOrExit } from './process-lifecycle.ts';

const USAGE = `Usage: npm run plan -- <e-mail> <${PLANS.map((plan) => plan.id).join('|')}>`;

const limitsOf = ({ limits }: (typeof PLANS)[number]) =>
  [
    limits.postsPerDay === null ? 'unlimited posts' : `${limits.postsPerDay} posts a day`,
    limits.repliesPerDay === null ? 'unlimited replies' : `${limits.repliesPerDay} replies a day`,
    limits.accounts === null ? null : `${limits.accounts} accounts`,
  ]
    .filter(Boolean)
    .join(', ');

/** `npm run plan -- alice@example.com pro`: the operator command that sets an account's plan (spec §9). */
const main = async () => {
  const [email, plan] = process.argv.slice(2).filter((arg) => arg !== 'plan');
  if (!email || !plan) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = readEnvOrExit();
  const { database, close } = await openAppDatabase(env, 'plan command');
  try {
    const { plan: chosen, workspaceId } = await setAccountPlan(database.db, { email, plan });
    await respreadAccountSchedules(database.db, { workspaceId, defaultPlan: env.DEFAULT_PLAN });
    console.log(`${email} is now on the ${chosen.name} plan (${limitsOf(chosen)}).`);
  } finally {
    await close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof AppError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
