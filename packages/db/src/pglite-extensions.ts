import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { vector } from '@electric-sql/pglite-pgvector';

/**
 * The extensions every embedded cluster is opened with, including the one a seed is prepared in (its migrations
 * create them). btree_gin: the knowledge index over agent and text (migration 0017). pgvector: knowledge embeddings
 * (enableEmbeddingStore), created only when embeddings are configured. Each costs nothing measurable until created.
 */
export const PGLITE_EXTENSIONS = { btree_gin, vector };
