import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agentRun, type AgentRunRow } from '@agentcast/db/schema/runs';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { recordDistinctPosts } from './record-distinct-posts.ts';
import type { RunServices } from '../write/run-services.ts';

let database: DatabaseConnection;
let services: RunServices;

beforeAll(async () => {
  database = await createTestDatabase();
  // What recordDistinctPosts reads of the services: the database, the clock, and the posting lease.
  services = {
    db: database.db,
    now: () => new Date(),
    publishing: { timing: { postingLeaseMs: 1000 } },
  } as unknown as RunServices;
});
afterAll(() => database.close());

const generatingRun = async (agentId: string, workspaceId: string) =>
  (
    await database.db
      .insert(agentRun)
      .values({
        agentId,
        workspaceId,
        kind: 'schedule',
        idempotencyKey: `test:${randomUUID()}`,
        status: 'generating',
        instruction: 'i',
      })
      .returning()
  )[0] as AgentRunRow;

const written = (run: AgentRunRow, text: string) => ({
  run,
  review: false,
  post: { text, model: 'm', isOffline: false, media: [], notes: [], sources: [] },
});

describe('recording posts distinct from what another worker recorded meanwhile', () => {
  it('records a post unlike the agent’s recorded ones, and hands back one that repeats a post recorded since', async () => {
    const agent = await insertTestAgent(database.db, {});
    const first = await generatingRun(agent.id, agent.workspaceId);
    const text = 'Inference prices fell 80% this year; budgets moved to evaluation and data. #AI';
    // Another batch recorded this post after the second run compared itself with the agent's posts.
    const earlier = await recordDistinctPosts(services, [written(first, text)]);
    expect(earlier.recorded).toHaveLength(1);
    expect(earlier.clashes).toEqual([]);

    const second = await generatingRun(agent.id, agent.workspaceId);
    const third = await generatingRun(agent.id, agent.workspaceId);
    const { recorded, clashes } = await recordDistinctPosts(services, [
      written(second, `${text.toUpperCase()}!`),
      written(third, 'Small models on laptops now draft and summarise well enough for daily work. #AI'),
    ]);

    expect(recorded.map(({ run }) => run.id)).toEqual([third.id]);
    expect(clashes.map(({ item, repeats }) => [item.run.id, repeats.text])).toEqual([[second.id, text]]);
    const [row] = await database.db.select().from(agentRun).where(eq(agentRun.id, second.id));
    expect(row?.status).toBe('generating');
  });
});
