/** Why a document cannot be indexed, in words for the person who uploaded it. Not retried: it will not improve. */
export class KnowledgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KnowledgeError';
  }
}
