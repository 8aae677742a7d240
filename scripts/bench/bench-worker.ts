import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { PLANS } from '@agentcast/contracts/plans';
import { createMailer } from '@agentcast/core/integrations/mail/mailer';
import { planScheduledRuns } from '@agentcast/core/domains/runs/plan/plan-scheduled-runs';
import { openDatabase } from '@agentcast/db/client';
import { migrateDatabase } from '@agentcast/db/migrate';
import { queryRows } from '@agentcast/db/query-rows';
import { startServices } from '../../apps/server/src/compose/start-services.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const enterprise = PLANS.find((plan) => plan.id === 'enterprise')!;

/**
 * The real planning and worker code on a fresh PGlite, one user on Enterprise, nothing reachable outside: what the
 * runtime sections of the bench run their agents' posts through. `llm`: an OpenAI-compatible endpoint; without it
 * the offline writer writes.
 */
export const startBenchWorker = async ({ workspaceId, llmBaseUrl }: { workspaceId: string; llmBaseUrl?: string }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'agentcast-bench-worker-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const services = await startServices(
    database,
    {
      dataDir,
      publicUrl: 'http://127.0.0.1:1',
      runWorker: true,
      llm: llmBaseUrl ? { apiKey: 'sk-bench', baseURL: llmBaseUrl, timeoutMs: 5000, maxRetries: 0 } : undefined,
      ffmpegPath: 'ffmpeg',
      chatPollMs: 3_600_000,
      defaultPlan: 'enterprise',
      timeScale: 1,
      platformApis: { xBaseUrl: 'http://127.0.0.1:9', linkedinBaseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 },
      membership: { enabled: false, contract: undefined, chainId: 8453, rpcUrl: 'http://127.0.0.1:1', cacheTtlMs: 1 },
      mailer: createMailer({ from: 'bench@example.com', logger: pino({ level: 'silent' }) }),
    },
    pino({ level: 'silent' }),
  );
  const { db } = database;
  await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified)
    VALUES (${workspaceId}, 'Bench', ${`${workspaceId}@example.com`}, true)`);

  /**
   * Plans `runs` posts of the agent with this instruction, ten slots at a time (as the scheduler plans a batch, an
   * hour apart), each batch written and recorded by the worker before the next is planned.
   */
  const runPosts = async ({ agentId, runs, instruction }: { agentId: string; runs: number; instruction: string }) => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let first = 0; first < runs; first += 10) {
      const slots = Array.from({ length: Math.min(10, runs - first) }, (_, offset) => {
        const slotAt = new Date(start + (first + offset) * 3_600_000);
        return {
          agentId,
          workspaceId,
          kind: 'schedule' as const,
          idempotencyKey: `schedule:${agentId}:${slotAt.toISOString()}`,
          instruction,
          platforms: ['terminal'],
          slotAt,
          dueAt: slotAt,
        };
      });
      await db.transaction((tx) =>
        planScheduledRuns(tx, services.queue, slots, {
          planOf: () => enterprise,
          at: slots[0]!.slotAt,
          logger: pino({ level: 'silent' }),
        }),
      );
      for (;;) {
        const [open] = await queryRows<{ count: number }>(
          db,
          sql`SELECT count(*)::int AS count FROM agent_run WHERE status IN ('planned', 'generating')`,
        );
        if (open!.count === 0) break;
        await sleep(5);
      }
    }
  };

  const stop = async () => {
    await services.stop();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { db, runPosts, stop };
};
