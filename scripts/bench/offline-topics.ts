import { sql } from 'drizzle-orm';
import { DEFAULT_TRIGGER_MESSAGE } from '@agentcast/contracts/terminal';
import { chunkPages } from '@agentcast/core/domains/knowledge/chunk-pages';
import { splitSentences } from '@agentcast/core/domains/runs/write/quoted-facts';
import { containsFileName, namesATopic, unfinishedSentence } from '@agentcast/core/domains/runs/write/post-checks';
import { queryRows } from '@agentcast/db/query-rows';
import { startBenchWorker } from './bench-worker.ts';

const TOPICS = ['crypto', 'community governance', 'staking'];
const FILE_NAME = 'community-guide.pdf';
const CONTEXT = 'Staking rewards are paid every Monday. Governance votes stay open for five days.';

/** A community guide as unpdf extracts it: sentences run over printed lines of about 70 characters. */
const GUIDE = [
  'Welcome to Base Camp, a crypto community for builders and long-term holders. We host a community call every ' +
    'Tuesday at 18:00 UTC. Members vote on every grant in the governance forum. Proposals need two sponsors ' +
    'before they go to a vote. Our treasury is audited each quarter by two independent firms.',
  'Staking is open to every member with a verified wallet. Rewards depend on how long tokens stay staked, and ' +
    'unstaking takes seven days. New members get a crypto starter pack in their first week. We never ask anyone ' +
    'for a seed phrase, in any channel, for any reason.',
  'Community governance works best when the discussion happens before the vote. Delegates publish their reasons ' +
    'for every vote. Anyone can become a delegate after three months of membership. Disputes go to a panel of ' +
    'five members chosen at random.',
].map((page) => page.replace(/(.{60,70}?)\s/g, '$1\n'));

export type OfflineTopicsBench = {
  posts: number;
  namingATopic: number;
  withFileName: number;
  unfinished: number;
  quoting: number;
  examples: string[];
};

/**
 * Issue 41 §2: `runs` offline posts of an agent with three topics, each asked for with the spec's fixed trigger
 * message ("Write a tweet about AI"), through the real planning, knowledge search and worker code; its knowledge a
 * PDF saved as community-guide.pdf (`title`: the name it was uploaded with, which reads as a title or not) and a
 * custom context. Counts the posts that name one of its topics, that contain a file name, and that hold an
 * unfinished sentence (an ellipsis, no closing full stop, or a quote that is not a whole sentence of the material).
 */
export const benchOfflineTopics = async ({
  runs = 300,
  uploadedAs = FILE_NAME,
}: {
  runs?: number;
  uploadedAs?: string;
}): Promise<OfflineTopicsBench> => {
  const workspaceId = 'bench-offline-topics';
  const worker = await startBenchWorker({ workspaceId });
  const { db } = worker;
  try {
    const postConfiguration = { clients: ['terminal', 'x'], interval: 60, topics: TOPICS, enabled: false };
    const trainingFiles = [{ url: `/files/${FILE_NAME}`, name: uploadedAs, size: 4096 }];
    const [agent] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO agent (workspace_id, name, description, prompt, activities, post_configuration, chat_configuration,
          custom_context, trainingfiles)
        VALUES (${workspaceId}, 'Base Camp', 'A crypto community', 'You run a friendly crypto community.', '["post"]',
          ${JSON.stringify({ ...postConfiguration, reply_to_usernames: [] })},
          '{"clients":[],"reply_to_usernames":[],"reply_to_replies":true,"enabled":false}', ${CONTEXT},
          ${JSON.stringify(trainingFiles)})
        RETURNING id`,
    );
    const [source] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO knowledge_source (agent_id, workspace_id, kind, storage_path, name, status, progress, pages)
        VALUES (${agent!.id}, ${workspaceId}, 'pdf', 'bench.pdf', ${uploadedAs}, 'ready', 100, ${GUIDE.length})
        RETURNING id`,
    );
    for (const chunk of chunkPages(GUIDE)) {
      await db.execute(sql`INSERT INTO knowledge_chunk (source_id, agent_id, workspace_id, page, position, content)
        VALUES (${source!.id}, ${agent!.id}, ${workspaceId}, ${chunk.page}, ${chunk.position}, ${chunk.content})`);
    }
    await worker.runPosts({ agentId: agent!.id, runs, instruction: DEFAULT_TRIGGER_MESSAGE });
    const posts = (
      await queryRows<{ post_text: string }>(
        db,
        sql`SELECT post_text FROM agent_run WHERE status = 'ready' ORDER BY created_at, id`,
      )
    ).map((row) => row.post_text);
    const whole = new Set([...GUIDE, CONTEXT].flatMap(splitSentences));
    return {
      posts: posts.length,
      namingATopic: posts.filter((post) => namesATopic(post, TOPICS)).length,
      withFileName: posts.filter((post) => containsFileName(post, [FILE_NAME])).length,
      unfinished: posts.filter((post) => unfinishedSentence(post, whole) !== null).length,
      quoting: posts.filter((post) => post.includes('“')).length,
      examples: posts.filter((post) => post.includes('“')).slice(0, 2),
    };
  } finally {
    await worker.stop();
  }
};
