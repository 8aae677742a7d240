import { eq } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { knowledgeSource } from '@agentcast/db/schema/knowledge';
import { agentRun } from '@agentcast/db/schema/runs';
import type { StorageBucket } from '../../integrations/storage/storage-driver.ts';
import { renditionPathFor, verticalPosterPathFor } from '../../integrations/storage/storage-paths.ts';

/** `derived`: made from another file when needed (a poster, a platform's form), so it may not exist. */
export type AccountFile = { bucket: StorageBucket; path: string; derived?: true };

/**
 * Every stored file the workspace's rows point to: agent images, training PDFs and custom contexts, knowledge
 * sources, and the media of runs and of drafts' other versions. Each appears once.
 */
export const findAccountFiles = async (db: Database, workspaceId: string): Promise<AccountFile[]> => {
  const [agents, sources, runs] = await Promise.all([
    db
      .select({ imagePath: agent.imagePath, trainingFiles: agent.trainingFiles, contextPath: agent.customContextPath })
      .from(agent)
      .where(eq(agent.workspaceId, workspaceId)),
    db
      .select({ path: knowledgeSource.storagePath })
      .from(knowledgeSource)
      .where(eq(knowledgeSource.workspaceId, workspaceId)),
    db
      .select({ media: agentRun.media, versions: agentRun.versions })
      .from(agentRun)
      .where(eq(agentRun.workspaceId, workspaceId)),
  ]);
  const files: AccountFile[] = [
    ...agents.flatMap((row) => [
      ...(row.imagePath ? [{ bucket: 'images' as const, path: row.imagePath }] : []),
      ...(row.trainingFiles ?? []).map((file) => ({ bucket: 'trainingfiles' as const, path: file.path })),
      ...(row.contextPath ? [{ bucket: 'trainingfiles' as const, path: row.contextPath }] : []),
    ]),
    ...sources.map(({ path }) => ({ bucket: 'trainingfiles' as const, path })),
    ...runs.flatMap(({ media, versions }) =>
      [...media, ...versions.flatMap((version) => version.media)].flatMap(({ path, posterPath }) => [
        { bucket: 'images' as const, path },
        // The poster and the platforms' forms (a JPEG, a vertical video) are kept beside the medium, named after it.
        ...[
          posterPath,
          posterPath && renditionPathFor(posterPath, 'jpeg'),
          renditionPathFor(path, 'jpeg'),
          renditionPathFor(path, 'vertical'),
          verticalPosterPathFor(path),
          renditionPathFor(verticalPosterPathFor(path), 'jpeg'),
        ]
          .filter((file): file is string => file !== undefined)
          .map((file) => ({ bucket: 'images' as const, path: file, derived: true as const })),
      ]),
    ),
  ];
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = `${file.bucket}/${file.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
