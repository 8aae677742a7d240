import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { knowledgeChunk, knowledgeSource, knowledgeTerm } from '@agentcast/db/schema/knowledge';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { insertTestAgent } from '@agentcast/db/testing/insert-test-agent';
import { createLocalStorageDriver } from '../../integrations/storage/local-storage-driver.ts';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { ingestKnowledgeSource } from './ingest-knowledge-source.ts';
import { RARE_TERM_PASSAGES, retrieveKnowledge } from './retrieve-knowledge.ts';

let database: DatabaseConnection;
let storage: StorageDriver;
const logger = pino({ level: 'silent' });
beforeAll(async () => {
  database = await createTestDatabase();
  storage = createLocalStorageDriver({
    rootDir: mkdtempSync(join(tmpdir(), 'agentcast-knowledge-')),
    publicBaseUrl: 'http://localhost',
  });
});
afterAll(() => database.close());

const PAGES = [
  'Our company was founded in Lisbon in 2019 by two former bankers.',
  'Quarterly results: revenue grew 40 percent, driven by the enterprise plan and lower churn.',
  'Hiring plan: we will open an engineering office in Berlin next spring.',
];

const pdfOf = async (pages: string[]) => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pages)
    document.addPage([612, 792]).drawText(text, { x: 40, y: 700, size: 11, font, maxWidth: 530 });
  return Buffer.from(await document.save());
};

/** A user, an agent, and one stored source of the given bytes. */
const sourceWith = async (
  body: Buffer,
  { kind = 'pdf' as 'pdf' | 'context', workspaceId = `user${randomUUID().slice(0, 8)}` } = {},
) => {
  const agentRow = await insertTestAgent(database.db, { workspaceId, postConfiguration: { topics: ['results'] } });
  const path = `${workspaceId}_${Date.now()}${Math.floor(Math.random() * 1000)}.${kind === 'pdf' ? 'pdf' : 'txt'}`;
  await storage.put({
    bucket: 'trainingfiles',
    path,
    body,
    contentType: kind === 'pdf' ? 'application/pdf' : 'text/plain',
  });
  const [source] = await database.db
    .insert(knowledgeSource)
    .values({
      agentId: agentRow.id,
      workspaceId,
      kind,
      storagePath: path,
      name: kind === 'pdf' ? 'report.pdf' : 'Custom context',
    })
    .returning();
  return { workspaceId, agentId: agentRow.id, sourceId: source!.id };
};

const sourceRow = async (sourceId: string) =>
  (await database.db.select().from(knowledgeSource).where(eq(knowledgeSource.id, sourceId)))[0];

describe('indexing a PDF', () => {
  it('keeps each chunk’s page, and a query finds the right page', async () => {
    const { workspaceId, agentId, sourceId } = await sourceWith(await pdfOf(PAGES));

    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });

    expect(await sourceRow(sourceId)).toMatchObject({
      status: 'ready',
      progress: 100,
      pages: 3,
      chunkCount: 3,
      error: null,
    });
    const chunks = await database.db.select().from(knowledgeChunk).where(eq(knowledgeChunk.sourceId, sourceId));
    expect(chunks.map((chunk) => [chunk.page, chunk.content])).toEqual(PAGES.map((text, index) => [index + 1, text]));
    const [best] = await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'quarterly revenue growth' });
    expect(best).toEqual({ id: expect.any(Number), text: PAGES[1], name: 'report.pdf', page: 2 });
  });

  it('can run again without duplicating anything', async () => {
    const { sourceId } = await sourceWith(await pdfOf(PAGES));
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    await database.db.update(knowledgeSource).set({ status: 'queued' }).where(eq(knowledgeSource.id, sourceId));
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    expect(await database.db.select().from(knowledgeChunk).where(eq(knowledgeChunk.sourceId, sourceId))).toHaveLength(
      3,
    );
  });

  it.each([
    [
      'a damaged file',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage '.repeat(50))]),
      'The file is not a readable PDF (it may be damaged).',
    ],
    [
      'a password-protected PDF',
      readFileSync(new URL('./fixtures/encrypted.pdf', import.meta.url)),
      'The PDF is password-protected. Upload a copy without a password.',
    ],
    [
      'a scanned PDF without text',
      readFileSync(new URL('./fixtures/image-only.pdf', import.meta.url)),
      'The PDF has no text layer (it is probably scanned images), so there is nothing to index.',
    ],
  ])('ends %s as failed with the reason, touching nothing else', async (_label, body, reason) => {
    const { agentId, sourceId } = await sourceWith(body);

    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });

    expect(await sourceRow(sourceId)).toMatchObject({ status: 'failed', error: reason, chunkCount: 0 });
    expect(await database.db.select().from(agent).where(eq(agent.id, agentId))).toHaveLength(1);
  });

  it('indexes the custom context too, without pages', async () => {
    const { workspaceId, agentId, sourceId } = await sourceWith(
      Buffer.from('We only ever write about renewable energy and grid storage.'),
      { kind: 'context' },
    );
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    expect(await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'grid storage' })).toEqual([
      {
        id: expect.any(Number),
        text: 'We only ever write about renewable energy and grid storage.',
        name: 'Custom context',
        page: null,
      },
    ]);
  });

  it('leaves the custom context out when the prompt already holds it whole', async () => {
    const { workspaceId, agentId, sourceId } = await sourceWith(await pdfOf(['Grid storage doubled in 2025.']));
    const context = await database.db
      .insert(knowledgeSource)
      .values({ agentId, workspaceId, kind: 'context', storagePath: `${agentId}_context.txt`, name: 'Custom context' })
      .returning();
    await storage.put({
      bucket: 'trainingfiles',
      path: `${agentId}_context.txt`,
      body: Buffer.from('We write about grid storage.'),
      contentType: 'text/plain',
    });
    for (const id of [sourceId, context[0]!.id])
      await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId: id });
    const names = async (includeContext: boolean) =>
      (await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'grid storage', includeContext })).map(
        (passage) => passage.name,
      );

    expect((await names(true)).sort()).toEqual(['Custom context', 'report.pdf']);
    expect(await names(false)).toEqual(['report.pdf']);
  });
});

describe('retrieval', () => {
  it('never returns another user’s chunks, even for their agent id', async () => {
    const owner = await sourceWith(await pdfOf(PAGES));
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId: owner.sourceId });
    const stranger = await sourceWith(await pdfOf(['Nothing here about money.']));

    expect(
      await retrieveKnowledge(database.db, {
        workspaceId: stranger.workspaceId,
        agentId: owner.agentId,
        query: 'revenue',
      }),
    ).toEqual([]);
    expect(
      await retrieveKnowledge(database.db, {
        workspaceId: stranger.workspaceId,
        agentId: stranger.agentId,
        query: 'revenue',
      }),
    ).toEqual([]);
    expect(
      await retrieveKnowledge(database.db, {
        workspaceId: owner.workspaceId,
        agentId: owner.agentId,
        query: 'revenue',
      }),
    ).toHaveLength(1);
  });

  it('ranks the passage with the rare word first among many common-word matches, from this agent only', async () => {
    const workspaceId = `user${randomUUID().slice(0, 8)}`;
    /** An agent with one ready source holding these passages, in this order; returns their ids. */
    const agentWithPassages = async (passages: string[]) => {
      const { id: agentId } = await insertTestAgent(database.db, { workspaceId });
      const [source] = await database.db
        .insert(knowledgeSource)
        .values({
          agentId,
          workspaceId,
          kind: 'pdf',
          storagePath: `${agentId}.pdf`,
          name: 'notes.pdf',
          status: 'ready',
        })
        .returning();
      const rows = await database.db
        .insert(knowledgeChunk)
        .values(
          passages.map((content, index) => ({
            sourceId: source!.id,
            agentId,
            workspaceId,
            page: index + 1,
            position: index,
            content,
          })),
        )
        .returning({ id: knowledgeChunk.id });
      return { agentId, ids: rows.map((row) => row.id) };
    };
    // Far more common-word passages than a term may bring as candidates, each saying "energy" more often than the one
    // that matters, which comes last: neither the first matches found nor full-text rank alone would pick it.
    const common = Array.from(
      { length: RARE_TERM_PASSAGES * 3 },
      (_, index) => `Energy prices, energy demand and energy policy, part ${index}.`,
    );
    const mine = await agentWithPassages([...common, 'Geothermal plants sell energy at night.']);
    const other = await agentWithPassages(['Geothermal geothermal geothermal energy energy.']);

    const found = await retrieveKnowledge(database.db, {
      workspaceId,
      agentId: mine.agentId,
      query: 'Write a post about energy and geothermal heat',
    });

    expect(found.map((passage) => passage.id)).toHaveLength(4);
    expect(found[0]?.text).toBe('Geothermal plants sell energy at night.');
    expect(found.map((passage) => passage.id).filter((id) => !mine.ids.includes(id))).toEqual([]);
    expect(other.ids).toHaveLength(1);
  });

  it('indexes a passage with a word near the index’s length limit, and still finds its other words', async () => {
    // The index keys are the words prefixed with the agent's id (migration 0018): a word of 2,040 letters, which
    // to_tsvector keeps, would pass tsvector's 2,046-byte limit with the prefix and fail the insert if kept.
    const { workspaceId, agentId, sourceId } = await sourceWith(Buffer.from('unused'), { kind: 'context' });
    const content = `${'a'.repeat(2040)} O'Neil's wind turbines.`;
    await database.db.insert(knowledgeChunk).values({ sourceId, agentId, workspaceId, position: 0, content });
    expect(await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'turbines' })).toEqual([
      { id: expect.any(Number), text: content, name: 'Custom context', page: null },
    ]);
    expect(await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'Neil' })).toHaveLength(1);
  });

  it('keeps each word’s passage count exact as passages are indexed, edited and removed', async () => {
    const { workspaceId, agentId, sourceId } = await sourceWith(await pdfOf(PAGES));
    /** The agent's count for each of these words (stemmed as the index keeps them), 0 when it has no row. */
    const counts = async (...lexemes: string[]) => {
      const rows = await database.db.select().from(knowledgeTerm).where(eq(knowledgeTerm.agentId, agentId));
      return lexemes.map((lexeme) => rows.find((row) => row.lexeme === lexeme)?.passages ?? 0);
    };

    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    // "plan" is on two pages, "revenu" on one; indexing again replaces the passages, it does not add to the counts.
    expect(await counts('plan', 'revenu', 'berlin')).toEqual([2, 1, 1]);
    await database.db.update(knowledgeSource).set({ status: 'queued' }).where(eq(knowledgeSource.id, sourceId));
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    expect(await counts('plan', 'revenu', 'berlin')).toEqual([2, 1, 1]);

    await database.db
      .update(knowledgeChunk)
      .set({ content: 'Hiring plan: an office in Porto.' })
      .where(and(eq(knowledgeChunk.sourceId, sourceId), eq(knowledgeChunk.page, 3)));
    expect(await counts('plan', 'berlin', 'porto')).toEqual([2, 0, 1]);

    const [context] = await database.db
      .insert(knowledgeSource)
      .values({ agentId, workspaceId, kind: 'context', storagePath: `${agentId}.txt`, name: 'Custom context' })
      .returning();
    await database.db
      .insert(knowledgeChunk)
      .values({ sourceId: context!.id, agentId, workspaceId, position: 0, content: 'Porto again.' });
    expect(await counts('porto')).toEqual([2]);

    await database.db.delete(knowledgeSource).where(eq(knowledgeSource.id, sourceId));
    expect(await counts('plan', 'revenu', 'porto')).toEqual([0, 0, 1]);
    await database.db.delete(agent).where(eq(agent.id, agentId));
    expect(await database.db.select().from(knowledgeTerm).where(eq(knowledgeTerm.agentId, agentId))).toEqual([]);
  });

  it('forgets a source’s chunks when the source is removed', async () => {
    const { workspaceId, agentId, sourceId } = await sourceWith(await pdfOf(PAGES));
    await ingestKnowledgeSource({ db: database.db, storage, logger }, { sourceId });
    await database.db.delete(knowledgeSource).where(eq(knowledgeSource.id, sourceId));
    expect(await retrieveKnowledge(database.db, { workspaceId, agentId, query: 'revenue Berlin Lisbon' })).toEqual([]);
  });
});
