import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@agentcast/db/client';
import { knowledgeChunk, knowledgeSource } from '@agentcast/db/schema/knowledge';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import { chunkPages } from './chunk-pages.ts';
import { extractPdfPages } from './extract-pdf-pages.ts';
import { KnowledgeError } from './knowledge-error.ts';

const INSERT_BATCH = 500;

type IngestServices = { db: Database; storage: StorageDriver; logger: Logger };

const setStatus = async (db: Database, sourceId: string, changes: Partial<typeof knowledgeSource.$inferInsert>) => {
  await db
    .update(knowledgeSource)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(knowledgeSource.id, sourceId));
};

/**
 * Extracts, chunks and indexes one source. Its chunks are replaced in one transaction together with the status
 * change to ready, so a reader never sees half an index, and running it again is harmless. A document that cannot
 * be indexed ends as failed with the reason; the agent and its other files are not touched.
 */
export const ingestKnowledgeSource = async (
  { db, storage, logger }: IngestServices,
  { sourceId }: { sourceId: string },
) => {
  const [source] = await db.select().from(knowledgeSource).where(eq(knowledgeSource.id, sourceId)).limit(1);
  if (!source || source.status === 'ready') return;
  await setStatus(db, sourceId, { status: 'processing', progress: 0, error: null });
  try {
    const file = await storage.get('trainingfiles', source.storagePath);
    if (!file) throw new KnowledgeError('The file is missing from storage. Upload it again.');
    const pages =
      source.kind === 'pdf'
        ? await extractPdfPages(file.body, (done, total) =>
            setStatus(db, sourceId, { progress: Math.round((done / total) * 90) }),
          )
        : [file.body.toString('utf8')];
    const chunks = chunkPages(pages, { hasPages: source.kind === 'pdf' });
    await db.transaction(async (tx) => {
      await tx.delete(knowledgeChunk).where(eq(knowledgeChunk.sourceId, sourceId));
      for (let start = 0; start < chunks.length; start += INSERT_BATCH) {
        await tx
          .insert(knowledgeChunk)
          .values(
            chunks
              .slice(start, start + INSERT_BATCH)
              .map((chunk) => ({ ...chunk, sourceId, agentId: source.agentId, workspaceId: source.workspaceId })),
          );
      }
      await tx
        .update(knowledgeSource)
        .set({
          status: 'ready',
          progress: 100,
          pages: source.kind === 'pdf' ? pages.length : null,
          chunkCount: chunks.length,
          updatedAt: new Date(),
        })
        .where(eq(knowledgeSource.id, sourceId));
    });
    logger.info({ sourceId, pages: pages.length, chunks: chunks.length }, 'Knowledge source indexed');
  } catch (error) {
    if (!(error instanceof KnowledgeError)) throw error;
    await setStatus(db, sourceId, { status: 'failed', error: error.message });
    logger.info({ sourceId, reason: error.message }, 'Knowledge source could not be indexed');
  }
};

/** After the last retry of an unexpected failure, the source must not stay "processing" forever. */
export const markIngestionFailed = (db: Database, sourceId: string) =>
  setStatus(db, sourceId, {
    status: 'failed',
    error: 'Indexing failed unexpectedly. Remove the file and upload it again.',
  });
