/** Indexing status of one of an agent's documents (GET /api/agents/:id/knowledge). */
export type KnowledgeSourceStatus = {
  id: string;
  /** The training file's id (as in its URL), or null for the custom context. */
  file_id: string | null;
  kind: 'pdf' | 'context';
  name: string;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  pages: number | null;
  chunks: number;
};

export const KNOWLEDGE_STATUS_LABELS: Record<KnowledgeSourceStatus['status'], string> = {
  queued: 'Waiting to be indexed',
  processing: 'Indexing',
  ready: 'Indexed',
  failed: 'Could not be indexed',
};
