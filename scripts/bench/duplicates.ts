import { sql } from 'drizzle-orm';
import { SCHEDULED_INSTRUCTION } from '@agentcast/contracts/publishing';
import { RECENT_POSTS_COMPARED } from '@agentcast/core/domains/runs/record/recent-posts';
import {
  NEAR_DUPLICATE_THRESHOLD,
  trigramSimilarity,
  trigramsOf,
} from '@agentcast/core/domains/runs/write/text-similarity';
import { queryRows } from '@agentcast/db/query-rows';
import { fakeVariety, startOpenAiFake, type FakeReply } from '@agentcast/test-fakes/openai-server';
import { startBenchWorker } from './bench-worker.ts';

/** What the offline writer has to draw on: a dozen facts, as a person's custom context would give it. */
const CUSTOM_CONTEXT = [
  'Inference prices for small models fell by about 80 percent over the last year.',
  'Most teams that ship AI features spend more time on evaluation than on prompts.',
  'Open-weight models now run on a laptop for drafting and summarising.',
  'Retrieval over your own documents beats a bigger model for questions about them.',
  'Latency matters more to users than a few points on a benchmark.',
  'Synthetic data helps only when a person checks a sample of it.',
  'Agents fail most often at the step where they must decide to stop.',
  'A good eval set is a hundred real questions with answers a person wrote.',
  'Fine-tuning pays off for format and tone, rarely for new knowledge.',
  'The cost of a feature is the tokens times the retries, not the tokens alone.',
  'Guardrails that block too much get turned off by the people they annoy.',
  'Caching the system prompt halves the bill of a chat product with long instructions.',
].join(' ');

/**
 * What the fake model answers: 150 different posts, each picked at random and often reworded slightly (case,
 * punctuation, an added link or exclamation), so that it repeats itself about as a careless model would.
 */
const repetitiveReplies = (count: number, random: () => number): FakeReply[] => {
  const bases = Array.from(
    { length: 150 },
    (_, index) => `Small teams win with ${fakeVariety(index + 1)} when they measure before they scale. #AI`,
  );
  const rewordings = [
    (text: string) => text,
    (text: string) => text.toUpperCase(),
    (text: string) => text.replace('. #AI', '! #AI'),
    (text: string) => `${text} https://example.com/${Math.floor(random() * 1000)}`,
    (text: string) => text.replace('Small teams', 'small teams,'),
  ];
  return Array.from({ length: count }, () => ({
    content: rewordings[Math.floor(random() * rewordings.length)]!(bases[Math.floor(random() * bases.length)]!),
  }));
};

/** A small deterministic generator, so that two runs of the bench see the same replies. */
const seededRandom = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};

export type DuplicateBench = {
  runs: number;
  published: number;
  skipped: number;
  /** Published pairs at least NEAR_DUPLICATE_THRESHOLD similar among posts within RECENT_POSTS_COMPARED of each other. */
  pairsInWindow: number;
  /** The same over every pair of the agent's published posts, however far apart. */
  pairsOverall: number;
  modelRequests: number;
};

/**
 * Issue 15 §6: 1,000 scheduled runs of one agent through the real planning and worker code on PGlite, ten slots at
 * a time (as the scheduler plans a batch), with the offline writer or a fake model that repeats itself; counts the
 * published pairs above the near-duplicate threshold.
 */
export const benchDuplicates = async ({
  writer,
  runs = 1000,
}: {
  writer: 'offline' | 'model';
  runs?: number;
}): Promise<DuplicateBench> => {
  const llm = writer === 'model' ? await startOpenAiFake({ recordRequests: false }) : undefined;
  llm?.enqueue(...repetitiveReplies(runs * 3, seededRandom(15)));
  const worker = await startBenchWorker({ workspaceId: 'bench-duplicates', llmBaseUrl: llm?.baseURL });
  const { db } = worker;
  try {
    // Posting is off in its settings: the scheduler plans nothing of its own; the bench plans every slot.
    const [agent] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO agent (workspace_id, name, description, prompt, activities, post_configuration, chat_configuration,
          custom_context)
        VALUES ('bench-duplicates', 'Duplicates', 'Posts about AI', 'You write short posts about AI.', '["post"]',
          '{"clients":["terminal"],"interval":60,"topics":["AI","evals","inference costs"],"enabled":false,"reply_to_usernames":[]}',
          '{"clients":[],"reply_to_usernames":[],"reply_to_replies":true,"enabled":false}', ${CUSTOM_CONTEXT})
        RETURNING id`,
    );
    await worker.runPosts({ agentId: agent!.id, runs, instruction: SCHEDULED_INSTRUCTION });
    const counts = await queryRows<{ status: string; count: number }>(
      db,
      sql`SELECT status, count(*)::int AS count FROM agent_run GROUP BY status`,
    );
    const posts = (
      await queryRows<{ post_text: string }>(
        db,
        sql`SELECT post_text FROM agent_run WHERE status = 'ready' ORDER BY created_at, id`,
      )
    ).map((row) => trigramsOf(row.post_text));
    let pairsInWindow = 0;
    let pairsOverall = 0;
    for (let later = 1; later < posts.length; later++) {
      for (let earlier = 0; earlier < later; earlier++) {
        if (trigramSimilarity(posts[later]!, posts[earlier]!) < NEAR_DUPLICATE_THRESHOLD) continue;
        pairsOverall++;
        if (later - earlier <= RECENT_POSTS_COMPARED) pairsInWindow++;
      }
    }
    const countOf = (status: string) => counts.find((row) => row.status === status)?.count ?? 0;
    return {
      runs,
      published: countOf('ready'),
      skipped: countOf('skipped'),
      pairsInWindow,
      pairsOverall,
      modelRequests: llm ? runs * 3 - llm.queued() : 0,
    };
  } finally {
    await worker.stop();
    await llm?.close();
  }
};
