import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConfiguration, PostConfiguration } from '@agentcast/contracts/agents';
import { PLANS } from '@agentcast/contracts/plans';
import { PUBLISHING_MESSAGES, SCHEDULED_INSTRUCTION } from '@agentcast/contracts/publishing';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { user } from '@agentcast/db/schema/auth';
import { userPlan } from '@agentcast/db/schema/plans';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { agentSchedule } from '@agentcast/db/schema/schedules';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { queryRows } from '@agentcast/db/query-rows';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { createJobQueue, type JobQueue } from '../../integrations/queue/create-job-queue.ts';
import { planRun } from '../runs/plan/plan-run.ts';
import { RUN_AGENT_JOB } from '../runs/plan/run-agent-job.ts';
import { dispatchDueSchedules } from './dispatch-due-schedules.ts';
import { sweepUnfinishedWork } from './sweep-unfinished-work.ts';
import { syncAgentSchedules } from '../schedules/sync-agent-schedules.ts';
import { jitterFor } from '../schedules/slot-times.ts';

let database: DatabaseConnection;
let queue: JobQueue;
const settings = { minuteMs: 60_000, chatPollMs: 120_000 };
const logger = pino({ level: 'silent' });
const T0 = new Date('2026-11-22T12:00:00.000Z');
const minutes = (count: number) => count * 60_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  database = await createTestDatabase();
  queue = createJobQueue(database, logger);
  await queue.start();
  await queue.createQueue(RUN_AGENT_JOB.name);
  await queue.createQueue('poll-conversations');
});
afterAll(async () => {
  await queue.stop({ graceful: false });
  await database.close();
});

const newUser = async (plan?: 'starter' | 'pro' | 'enterprise') => {
  const workspaceId = `user-${randomUUID()}`;
  await database.db.insert(user).values({ id: workspaceId, name: 'u', email: `${workspaceId}@example.com` });
  if (plan) await database.db.insert(userPlan).values({ workspaceId, plan });
  return workspaceId;
};

const newAgent = async (
  workspaceId: string,
  {
    post = {},
    chat = {},
    activities = ['post'],
  }: { post?: Partial<PostConfiguration>; chat?: Partial<ChatConfiguration>; activities?: ('post' | 'chat')[] } = {},
) => {
  const row = await insertTestAgent(database.db, {
    workspaceId,
    activities,
    postConfiguration: { clients: ['terminal', 'x'], ...post },
    chatConfiguration: { clients: ['x'], ...chat },
  });
  await syncAgentSchedules(database.db, row, settings, T0);
  return row;
};

const schedulesOf = (agentId: string) =>
  database.db.select().from(agentSchedule).where(eq(agentSchedule.agentId, agentId));
const runsOf = (agentId: string) =>
  database.db.select().from(agentRun).where(eq(agentRun.agentId, agentId)).orderBy(agentRun.createdAt);
const dispatch = (now: Date, limit = 1000) =>
  dispatchDueSchedules({ db: database.db, queue, defaultPlan: 'starter', logger }, { now, limit });

describe('schedules follow the agent', () => {
  it('start one interval (plus the agent’s jitter) after the agent is saved', async () => {
    const row = await newAgent(await newUser(), { post: { interval: 90 } });
    const [schedule] = await schedulesOf(row.id);
    const jitter = jitterFor(row.id, minutes(90));
    expect(schedule).toMatchObject({
      kind: 'post',
      intervalMs: minutes(90),
      jitterMs: jitter,
      nextRunAt: at(minutes(90) + jitter),
    });
    expect(jitter).toBeLessThan(60_000);
  });

  it('keep their slot when saved unchanged, move when the interval changes, and go when posting is off or the agent is deleted', async () => {
    const row = await newAgent(await newUser());
    const [before] = await schedulesOf(row.id);
    await syncAgentSchedules(database.db, { ...row, name: 'Renamed' }, settings, at(minutes(5)));
    expect((await schedulesOf(row.id))[0]?.nextRunAt).toEqual(before?.nextRunAt);

    await syncAgentSchedules(
      database.db,
      { ...row, postConfiguration: { ...row.postConfiguration, interval: 30 } },
      settings,
      at(minutes(5)),
    );
    expect((await schedulesOf(row.id))[0]).toMatchObject({
      intervalMs: minutes(30),
      nextRunAt: at(minutes(5) + minutes(30) + jitterFor(row.id, minutes(30))),
    });

    await syncAgentSchedules(
      database.db,
      { ...row, postConfiguration: { ...row.postConfiguration, enabled: false } },
      settings,
      at(minutes(6)),
    );
    expect(await schedulesOf(row.id)).toEqual([]);

    await syncAgentSchedules(database.db, row, settings, at(minutes(7)));
    await database.db.delete(agent).where(eq(agent.id, row.id));
    expect(await schedulesOf(row.id)).toEqual([]);
  });

  it('include a conversations schedule when chat is on, enabled and X is among its clients', async () => {
    const workspaceId = await newUser();
    const chatting = await newAgent(workspaceId, { activities: ['post', 'chat'] });
    expect((await schedulesOf(chatting.id)).map((row) => [row.kind, row.intervalMs]).sort()).toEqual([
      ['chat', 120_000],
      ['post', minutes(60)],
    ]);
    const quiet = await newAgent(workspaceId, { activities: ['chat'], chat: { enabled: false } });
    expect(await schedulesOf(quiet.id)).toEqual([]);
  });
});

describe('dispatching due slots', () => {
  it('plans each slot once: a run under its key, a delivery per client, and the job that works it', async () => {
    const row = await newAgent(await newUser('enterprise'));
    const [schedule] = await schedulesOf(row.id);
    const due = schedule!.nextRunAt;

    await dispatch(new Date(due.getTime() - 1));
    expect(await runsOf(row.id)).toEqual([]);
    await dispatch(due);
    await dispatch(due);

    const runs = await runsOf(row.id);
    const slot = new Date(due.getTime() - schedule!.jitterMs);
    expect(
      runs.map((run) => [run.kind, run.idempotencyKey, run.status, run.instruction, run.slotAt, run.dueAt]),
    ).toEqual([['schedule', `schedule:${row.id}:${slot.toISOString()}`, 'planned', SCHEDULED_INSTRUCTION, slot, due]]);
    const deliveries = await database.db.select().from(delivery).where(eq(delivery.runId, runs[0]!.id));
    expect(deliveries.map((item) => [item.platform, item.status]).sort()).toEqual([
      ['terminal', 'planned'],
      ['x', 'planned'],
    ]);
    const jobs = await queue.findJobs(RUN_AGENT_JOB.name, { data: { runId: runs[0]!.id } });
    expect(jobs).toHaveLength(1);
    expect((await schedulesOf(row.id))[0]?.nextRunAt).toEqual(new Date(due.getTime() + minutes(60)));
  });

  it('sends a run stuck in planned again, once per grace period however often the sweeper looks', async () => {
    const row = await newAgent(await newUser('enterprise'));
    const planned = await database.db.transaction((tx) =>
      planRun(
        tx,
        queue,
        {
          agentId: row.id,
          workspaceId: row.workspaceId,
          kind: 'manual',
          idempotencyKey: `manual:${randomUUID()}`,
          instruction: 'i',
          platforms: ['terminal'],
        },
        { plan: PLANS.find((plan) => plan.id === 'enterprise')!, at: T0, logger },
      ),
    );
    const runId = planned.outcome === 'planned' ? planned.runId : '';
    const hour = minutes(60);
    const later = new Date(Date.now() + 2 * hour);
    await sweepUnfinishedWork({ db: database.db, queue }, { now: later, graceMs: hour, limit: 500 });
    await sweepUnfinishedWork({ db: database.db, queue }, { now: later, graceMs: hour, limit: 500 });

    // The job planning sent, and one resend.
    expect(await queue.findJobs(RUN_AGENT_JOB.name, { data: { runId } })).toHaveLength(2);
  });

  it('after downtime, makes one post for the latest missed slot instead of catching up', async () => {
    const row = await newAgent(await newUser('enterprise'), { post: { interval: 10 } });
    const [schedule] = await schedulesOf(row.id);
    // Down for a little over five intervals.
    const now = new Date(schedule!.nextRunAt.getTime() + minutes(52));

    await dispatch(now);
    await dispatch(now);

    const runs = await runsOf(row.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.dueAt).toEqual(new Date(schedule!.nextRunAt.getTime() + minutes(50)));
    expect((await schedulesOf(row.id))[0]?.nextRunAt).toEqual(new Date(schedule!.nextRunAt.getTime() + minutes(60)));
  });

  it('never plans a slot twice, however many dispatchers claim at once', async () => {
    const workspaceId = await newUser('enterprise');
    const agents = await Promise.all(
      Array.from({ length: 30 }, () => newAgent(workspaceId, { post: { interval: 1 } })),
    );
    const now = at(minutes(3));
    await Promise.all(Array.from({ length: 4 }, () => dispatch(now, 7)));
    await Promise.all(Array.from({ length: 4 }, () => dispatch(now, 7)));
    for (const row of agents) expect(await runsOf(row.id)).toHaveLength(1);
  });

  it('skips a post over the plan’s daily quota with a note, said once for a run of skipped slots', async () => {
    const workspaceId = await newUser();
    const starter = PLANS.find((plan) => plan.id === 'starter')!;
    const agents = [
      await newAgent(workspaceId, { post: { interval: 10 } }),
      await newAgent(workspaceId, { post: { interval: 10 } }),
    ];
    let now = at(minutes(11));
    for (let round = 0; round < 3; round++) {
      await dispatch(now);
      now = new Date(now.getTime() + minutes(10));
    }
    const runs = (await Promise.all(agents.map((row) => runsOf(row.id)))).flat();
    expect(runs.filter((run) => run.status === 'planned')).toHaveLength(starter.limits.postsPerDay!);
    const skipped = runs.filter((run) => run.status === 'skipped');
    expect(skipped).toHaveLength(6 - starter.limits.postsPerDay!);
    expect(new Set(skipped.map((run) => run.error))).toEqual(new Set([PUBLISHING_MESSAGES.overPostQuota(starter)]));
    const notes = await database.db.select().from(terminalMessage).where(eq(terminalMessage.workspaceId, workspaceId));
    // One note per agent whose streak of skipped slots began, not one per slot.
    expect(notes.map((entry) => entry.notes)).toEqual(agents.map(() => [PUBLISHING_MESSAGES.overPostQuota(starter)]));
    expect(new Set(notes.map((entry) => entry.runId))).toEqual(
      new Set(skipped.filter((run) => run.terminalMessageId).map((run) => run.id)),
    );
  });
});

describe('the daily quota', () => {
  it('is exact under concurrent planners', async () => {
    const workspaceId = await newUser();
    const row = await newAgent(workspaceId);
    const starter = PLANS.find((plan) => plan.id === 'starter')!;
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        database.db.transaction((tx) =>
          planRun(
            tx,
            queue,
            {
              agentId: row.id,
              workspaceId,
              kind: 'manual',
              idempotencyKey: `manual:${randomUUID()}`,
              instruction: `i${index}`,
              platforms: ['terminal'],
            },
            { plan: starter, at: T0, logger },
          ),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.outcome === 'planned')).toHaveLength(2);
    const [counted] = await queryRows<{ posts: number }>(
      database.db,
      sql`SELECT posts FROM daily_usage WHERE workspace_id = ${workspaceId}`,
    );
    expect(counted?.posts).toBe(2);
  });
});
