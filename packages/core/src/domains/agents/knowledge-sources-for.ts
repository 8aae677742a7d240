import type { StoredTrainingFile } from '@agentcast/db/schema/agents';
import type { knowledgeSource } from '@agentcast/db/schema/knowledge';

export const CUSTOM_CONTEXT_SOURCE_NAME = 'Custom context';

/** The knowledge sources (to index) for newly stored files of an agent: each PDF, and the custom context file. */
export const knowledgeSourcesFor = (
  { agentId, workspaceId }: { agentId: string; workspaceId: string },
  { trainingFiles, customContextPath }: { trainingFiles: StoredTrainingFile[]; customContextPath?: string },
): (typeof knowledgeSource.$inferInsert)[] => [
  ...trainingFiles.map((file) => ({
    agentId,
    workspaceId,
    kind: 'pdf' as const,
    storagePath: file.path,
    name: file.name,
  })),
  ...(customContextPath
    ? [
        {
          agentId,
          workspaceId,
          kind: 'context' as const,
          storagePath: customContextPath,
          name: CUSTOM_CONTEXT_SOURCE_NAME,
        },
      ]
    : []),
];
