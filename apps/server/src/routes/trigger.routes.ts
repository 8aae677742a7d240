import { Hono } from 'hono';
import type { PlanId } from '@agentcast/contracts/plans';
import { triggerInputSchema } from '@agentcast/contracts/terminal';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { AppError } from '@agentcast/core/errors/app-error';
import type { EventBus } from '@agentcast/core/events/event-bus';
import type { JobQueue } from '@agentcast/core/jobs/create-job-queue';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import { triggerAgent } from '@agentcast/core/runtime/trigger-agent';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/** Longer than a run can take: the model's timeout and retries, plus media. */
const TRIGGER_WAIT_MS = 180_000;

/**
 * POST /api/agents/:id/trigger {message?}: runs the agent now (spec §7, the agent service's /prod/agent/{id}) and
 * answers `{ data }` with the terminal message it produced.
 */
type TriggerRoutesOptions = { session: SessionCheck; membership: MembershipServices; db: Database; queue: JobQueue; events: EventBus; defaultPlan: PlanId };

export const createTriggerRoutes = ({ session, membership, db, queue, events, defaultPlan }: TriggerRoutesOptions) =>
  new Hono<AppEnv>().use(requireSession(session)).use(requireMembership(membership)).post('/:id/trigger', async (c) => {
    // The body is optional: an empty request means the spec's default instruction.
    const body: unknown = c.req.header('content-length') === '0' ? {} : await c.req.json().catch(() => ({}));
    const parsed = triggerInputSchema.safeParse(body ?? {});
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
    }
    const message = await triggerAgent(
      { db, queue, events, defaultPlan },
      { userId: c.get('user').id, agentId: c.req.param('id'), message: parsed.data.message, timeoutMs: TRIGGER_WAIT_MS },
    );
    return c.json({ data: message });
  });
