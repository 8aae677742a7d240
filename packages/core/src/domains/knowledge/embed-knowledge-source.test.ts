import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { enableEmbeddingStore } from '@agentcast/db/embedding-store';
import { knowledgeChunk, knowledgeSource } from '@agentcast/db/schema/knowledge';
import { queryRows } from '@agentcast/db/query-rows';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { hasPgvector } from '@agentcast/db/testing/has-pgvector';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { startOpenAiFake, type OpenAiFake } from '@agentcast/test-fakes/openai-server';
import { createOpenAiEmbedder } from '../../integrations/llm/openai-embedder.ts';
import { embedKnowledgeSource } from './embed-knowledge-source.ts';
import { createKnowledgeSearch, fuseRankings } from './search-knowledge.ts';

let database: DatabaseConnection;
let llm: OpenAiFake;
let pgvector = false;
const logger = pino({ level: 'silent' });
beforeAll(async () => {
  database = await createTestDatabase();
  llm = await startOpenAiFake();
  pgvector = await hasPgvector(database);
  if (pgvector) await enableEmbeddingStore(database);
});
afterAll(async () => {
  await database.close();
  await llm.close();
});

const embedderFor = (model: string) =>
  createOpenAiEmbedder({ apiKey: 'sk-test', baseURL: llm.baseURL, model, timeoutMs: 5000, maxRetries: 0 });

/** An owner, an agent and a ready source with these passages as chunks (pages 1, 2, …). */
const agentWithPassages = async (passages: string[]) => {
  const { id: agentId, workspaceId } = await insertTestAgent(database.db, { postConfiguration: { topics: [] } });
  const [source] = await database.db
    .insert(knowledgeSource)
    .values({
      agentId,
      workspaceId,
      kind: 'pdf',
      storagePath: `${workspaceId}.pdf`,
      name: 'notes.pdf',
      status: 'ready',
      chunkCount: passages.length,
    })
    .returning();
  const sourceId = source!.id;
  await database.db
    .insert(knowledgeChunk)
    .values(
      passages.map((content, index) => ({ sourceId, agentId, workspaceId, page: index + 1, position: index, content })),
    );
  return { workspaceId, agentId, sourceId };
};

const embeddingCount = async (sourceId: string, model?: string) => {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`
    SELECT count(*)::int AS count FROM knowledge_embedding JOIN knowledge_chunk ON knowledge_chunk.id = knowledge_embedding.chunk_id
    WHERE knowledge_chunk.source_id = ${sourceId} ${model ? sql`AND knowledge_embedding.model = ${model}` : sql``}`,
  );
  return row?.count;
};

describe('reciprocal rank fusion', () => {
  it('puts what both rankings agree on first, then the rest by their rank (ties in the order first seen)', () => {
    expect(
      fuseRankings([
        [1, 2, 3],
        [3, 4],
      ]),
    ).toEqual([3, 1, 2, 4]);
    expect(fuseRankings([[], [7, 8]])).toEqual([7, 8]);
  });
});

// A PostgreSQL server without pgvector cannot hold embeddings (the server refuses to start with them configured).
describe('embeddings in pgvector', () => {
  it('stores a vector per chunk once, and again only for another model', async (context) => {
    if (!pgvector) return context.skip();
    const passages = Array.from({ length: 70 }, (_, index) => `Passage number ${index} about harbour logistics.`);
    const { sourceId } = await agentWithPassages(passages);
    const requestsBefore = llm.embeddingRequests.length;

    expect(await embedKnowledgeSource({ db: database.db, embedder: embedderFor('embed-a') }, { sourceId })).toBe(70);
    // 70 chunks in batches of 64: two requests.
    expect(llm.embeddingRequests.slice(requestsBefore).map((request) => request.input.length)).toEqual([64, 6]);
    expect(await embedKnowledgeSource({ db: database.db, embedder: embedderFor('embed-a') }, { sourceId })).toBe(0);
    expect(await embeddingCount(sourceId, 'embed-a')).toBe(70);

    expect(await embedKnowledgeSource({ db: database.db, embedder: embedderFor('embed-b') }, { sourceId })).toBe(70);
    expect(await embeddingCount(sourceId, 'embed-a')).toBe(0);
    expect(await embeddingCount(sourceId, 'embed-b')).toBe(70);
  });

  it('removes a chunk’s vector with the chunk', async (context) => {
    if (!pgvector) return context.skip();
    const { sourceId } = await agentWithPassages(['One passage.', 'Another passage.']);
    await embedKnowledgeSource({ db: database.db, embedder: embedderFor('embed-a') }, { sourceId });
    await database.db.delete(knowledgeSource).where(sql`${knowledgeSource.id} = ${sourceId}`);
    expect(await embeddingCount(sourceId)).toBe(0);
  });

  it('finds by meaning where the words differ, and never another user’s passages', async (context) => {
    if (!pgvector) return context.skip();
    const embedder = embedderFor('embed-a');
    const search = createKnowledgeSearch({ db: database.db, embedder, logger });
    const mine = await agentWithPassages([
      'The weather was mild all year.',
      'Automobile sales rose sharply in the third quarter.',
      'The board met four times.',
    ]);
    const theirs = await agentWithPassages(['Vehicle exports from our car plant doubled.']);
    for (const { sourceId } of [mine, theirs]) await embedKnowledgeSource({ db: database.db, embedder }, { sourceId });

    const found = await search({ workspaceId: mine.workspaceId, agentId: mine.agentId, query: 'cars' });
    expect(found.map((passage) => [passage.name, passage.page, passage.text])).toEqual([
      ['notes.pdf', 2, 'Automobile sales rose sharply in the third quarter.'],
    ]);
    // The other user's agent id with this user's id finds nothing: chunks are checked against their owner.
    expect(await search({ workspaceId: mine.workspaceId, agentId: theirs.agentId, query: 'cars' })).toEqual([]);
  });

  it('falls back to full-text search when the endpoint fails', async (context) => {
    if (!pgvector) return context.skip();
    const broken = createOpenAiEmbedder({
      apiKey: 'sk-test',
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'embed-a',
      timeoutMs: 2000,
      maxRetries: 0,
    });
    const search = createKnowledgeSearch({ db: database.db, embedder: broken, logger });
    const { workspaceId, agentId } = await agentWithPassages(['Harbour cranes were replaced in March.']);
    expect((await search({ workspaceId, agentId, query: 'harbour cranes' })).map((passage) => passage.page)).toEqual([
      1,
    ]);
  });
});
