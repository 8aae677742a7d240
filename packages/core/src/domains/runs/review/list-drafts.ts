import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Draft } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { agentRun, delivery, type RunMedia } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';

const mediaItems = (media: RunMedia[]) => media.map(({ kind, url }) => ({ kind, url }));

/**
 * The user's drafts waiting for review, soonest planned first (the Review tab), or only these runs'. Each with its
 * agent, its post and media, the passages it drew on, where it would go, and its other versions.
 */
export const listDrafts = async (
  { db, storage }: { db: Database; storage: StorageDriver },
  { workspaceId, runIds }: { workspaceId: string; runIds?: string[] },
): Promise<Draft[]> => {
  const rows = await db
    .select({
      run: agentRun,
      agentName: agent.name,
      agentImage: agent.imagePath,
      xThreads: agent.xThreads,
      message: terminalMessage,
    })
    .from(agentRun)
    .innerJoin(agent, eq(agent.id, agentRun.agentId))
    .leftJoin(terminalMessage, eq(terminalMessage.messageId, agentRun.terminalMessageId))
    .where(
      and(
        eq(agentRun.workspaceId, workspaceId),
        eq(agentRun.status, 'awaiting_review'),
        runIds ? inArray(agentRun.id, runIds) : undefined,
      ),
    )
    .orderBy(asc(agentRun.publishAt), asc(agentRun.createdAt));
  if (rows.length === 0) return [];
  const targets = await db
    .select({ runId: delivery.runId, platform: delivery.platform })
    .from(delivery)
    .where(
      and(
        inArray(
          delivery.runId,
          rows.map(({ run }) => run.id),
        ),
        ne(delivery.platform, 'terminal'),
      ),
    );
  return rows.map(({ run, agentName, agentImage, xThreads, message }) => ({
    id: run.id,
    agent: { id: run.agentId, name: agentName, image: agentImage ? storage.publicImageUrl(agentImage) : null },
    message_id: run.terminalMessageId,
    trigger: run.kind,
    reply_to: run.replyTo ?? null,
    text: run.postText ?? '',
    media: mediaItems(run.media),
    sources: message?.sources ?? [],
    notes: message?.notes ?? [],
    model: message?.model ?? '',
    is_offline: message?.isOffline ?? false,
    platforms: targets
      .filter((target) => target.runId === run.id)
      .map((target) => target.platform)
      .sort(),
    platform_texts: run.platformTexts,
    publish_at: (run.publishAt ?? run.createdAt).toISOString(),
    created_at: run.createdAt.toISOString(),
    versions: run.versions.map((version) => ({
      text: version.text,
      media: mediaItems(version.media),
      created_at: version.createdAt,
    })),
    // A reply is one post: it answers in one.
    x_threads: xThreads && run.kind !== 'reply',
    thread_breaks: run.threadBreaks ?? null,
  }));
};
