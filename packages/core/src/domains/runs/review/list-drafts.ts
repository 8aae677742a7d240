import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Draft } from '@agentcast/contracts/drafts';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { draftApproval, draftComment } from '@agentcast/db/schema/approvals';
import { user } from '@agentcast/db/schema/auth';
import { agentRun, delivery, type RunMedia } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { memberName } from './find-mentions.ts';

const mediaItems = (media: RunMedia[]) => media.map(({ kind, url }) => ({ kind, url }));

/** How many expired drafts the Review tab lists: the latest. */
const EXPIRED_SHOWN = 50;

/**
 * The workspace's drafts waiting for review, soonest planned first (the Review tab), or only these runs'; with
 * `status: 'expired'`, the latest expired ones instead. Each with its agent, its post and media, the passages it drew
 * on, where it would go, its other versions, the approvals given so far, and what was said about it (with the names
 * of the members each comment mentions).
 */
export const listDrafts = async (
  { db, storage }: { db: Database; storage: StorageDriver },
  {
    workspaceId,
    runIds,
    status = 'awaiting_review',
  }: { workspaceId: string; runIds?: string[]; status?: Draft['status'] },
): Promise<Draft[]> => {
  const query = db
    .select({
      run: agentRun,
      agentName: agent.name,
      agentImage: agent.imagePath,
      xThreads: agent.xThreads,
      approval: agent.approval,
      message: terminalMessage,
    })
    .from(agentRun)
    .innerJoin(agent, eq(agent.id, agentRun.agentId))
    .leftJoin(terminalMessage, eq(terminalMessage.messageId, agentRun.terminalMessageId))
    .where(
      and(
        eq(agentRun.workspaceId, workspaceId),
        eq(agentRun.status, status),
        runIds ? inArray(agentRun.id, runIds) : undefined,
      ),
    )
    .orderBy(
      ...(status === 'expired'
        ? [desc(agentRun.updatedAt), desc(agentRun.id)]
        : [asc(agentRun.publishAt), asc(agentRun.createdAt)]),
    );
  const rows = status === 'expired' ? await query.limit(EXPIRED_SHOWN) : await query;
  if (rows.length === 0) return [];
  const ids = rows.map(({ run }) => run.id);
  const approvals = await db
    .select()
    .from(draftApproval)
    .where(inArray(draftApproval.runId, ids))
    .orderBy(asc(draftApproval.approvedAt));
  const comments = await db
    .select()
    .from(draftComment)
    .where(inArray(draftComment.runId, ids))
    .orderBy(asc(draftComment.createdAt));
  const mentionedNames = await namesOf(db, [...new Set(comments.flatMap((comment) => comment.mentionedUserIds))]);
  const targets = await db
    .select({ runId: delivery.runId, platform: delivery.platform })
    .from(delivery)
    .where(and(inArray(delivery.runId, ids), ne(delivery.platform, 'terminal')));
  return rows.map(({ run, agentName, agentImage, xThreads, approval, message }) => ({
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
    time_chosen: run.timeChosen,
    created_at: run.createdAt.toISOString(),
    versions: run.versions.map((version) => ({
      text: version.text,
      media: mediaItems(version.media),
      created_at: version.createdAt,
    })),
    // A reply is one post: it answers in one.
    x_threads: xThreads && run.kind !== 'reply',
    thread_breaks: run.threadBreaks ?? null,
    status,
    approval,
    approvals: approvals
      .filter((given) => given.runId === run.id)
      .map((given) => ({ step: given.step, by: given.approverName, at: given.approvedAt.toISOString() })),
    comments: comments
      .filter((comment) => comment.runId === run.id)
      .map((comment) => ({
        by: comment.authorName,
        body: comment.body,
        at: comment.createdAt.toISOString(),
        changes_requested: comment.changesRequested,
        // A member whose account is gone is no longer named.
        mentions: comment.mentionedUserIds.flatMap((id) => mentionedNames.get(id) ?? []),
      })),
  }));
};

/** The members' names by id, as comments name them. */
const namesOf = async (db: Database, ids: string[]) => {
  if (ids.length === 0) return new Map<string, string>();
  const people = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(people.map((person) => [person.id, memberName(person)]));
};
