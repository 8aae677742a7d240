import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { vector } from '@electric-sql/pglite-pgvector';

/**
 * The extensions every embedded cluster is opened with, including the one a seed is prepared in (its migrations
 * create them). btree_gin: migration 0017's knowledge index over agent and text (replaced by 0018's, but a database
 * migrating past 0017 still creates it). pgvector: knowledge embeddings (enableEmbeddingStore), created only when
 * embeddings are configured. Each costs nothing measurable until created.
 */
export const PGLITE_EXTENSIONS = { btree_gin, vector };
