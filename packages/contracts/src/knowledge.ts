import { z } from 'zod';

/** Indexing status of one of an agent's documents (GET /api/agents/:id/knowledge). */
export const knowledgeSourceStatusSchema = z.object({
  id: z.string(),
  /** The training file's id (as in its URL), or null for the custom context. */
  file_id: z.string().nullable(),
  kind: z.enum(['pdf', 'context']),
  name: z.string(),
  status: z.enum(['queued', 'processing', 'ready', 'failed']),
  progress: z.number(),
  error: z.string().nullable(),
  pages: z.number().nullable(),
  chunks: z.number(),
});
export type KnowledgeSourceStatus = z.infer<typeof knowledgeSourceStatusSchema>;

export const KNOWLEDGE_STATUS_LABELS: Record<KnowledgeSourceStatus['status'], string> = {
  queued: 'Waiting to be indexed',
  processing: 'Indexing',
  ready: 'Indexed',
  failed: 'Could not be indexed',
};
