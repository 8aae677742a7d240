import { and, eq, ne } from 'drizzle-orm';
import { DRAFT_MESSAGES, textLimitProblems, type Draft, type DraftChanges } from '@agentcast/contracts/drafts';
import { platformName } from '@agentcast/contracts/publishing';
import { isThreadText, threadProblems, THREAD_MESSAGES } from '@agentcast/contracts/x-thread';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { draftApproval } from '@agentcast/db/schema/approvals';
import { agentRun, delivery, type AgentRunRow, type DraftVersion } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import { AppError } from '../../../kernel/app-error.ts';
import { heldQuotaDay, moveQuota } from '../../plans/consume-quota.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { usageDay } from '../../plans/usage-day.ts';
import { quotaUsedError } from '../../schedules/quota-used-error.ts';
import { findWaitingDraft } from './find-waiting-draft.ts';
import { listDrafts } from './list-drafts.ts';
import type { ReviewServices } from './review-services.ts';
import type { AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvents } from '../../audit/record-audit-event.ts';
import { draftSubjects } from '../shared/draft-subjects.ts';

/** What the terminal entry holds: the post's text with its media's public URLs (spec §3). */
const tweetContentOf = (text: string, media: AgentRunRow['media']) =>
  [text, ...media.map((item) => item.url)].join('\n\n');

/** Whether the draft's agent posts long texts to X as threads (a reply never is one). */
const threadsAllowed = async (tx: Database, run: AgentRunRow) => {
  if (run.kind === 'reply') return false;
  const [row] = await tx.select({ xThreads: agent.xThreads }).from(agent).where(eq(agent.id, run.agentId));
  return row?.xThreads ?? false;
};

/** A person's split of the X thread, refused with the reason when X could not take it. */
const checkedThreadBreaks = (text: string, breaks: number[] | null, xThreads: boolean) => {
  if (breaks === null) return null;
  const problems = !xThreads
    ? [THREAD_MESSAGES.notAllowed]
    : !isThreadText(text)
      ? [THREAD_MESSAGES.fitsOnePost]
      : threadProblems(text, breaks);
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', problems.join(' '), { fieldErrors: { thread_breaks: problems } });
  }
  return breaks;
};

const DRAFT_CHANGE_NAMES: Record<keyof DraftChanges, string> = {
  text: 'text',
  publish_at: 'planned time',
  version: 'version',
  thread_breaks: 'thread split',
};

/** The audit log's words for what a change touched: "Changed: text, planned time". */
const describeDraftChanges = (changes: DraftChanges) =>
  `Changed: ${(Object.keys(changes) as (keyof DraftChanges)[])
    .filter((key) => changes[key] !== undefined)
    .map((key) => DRAFT_CHANGE_NAMES[key])
    .join(', ')}`;

/**
 * Changes a waiting draft: its text (what will be published, held to each target platform's limit, as publishing
 * would), its planned time (not in the past; its quota moves to that day, if that day has one left), or the version to use (the current one takes its place among the
 * others), or where its X thread is split. The draft's terminal entry follows its text and version. Answers the draft as the Review tab shows it.
 */
export const changeDraft = async (
  services: ReviewServices,
  {
    workspaceId,
    runId,
    changes,
    actor,
  }: { workspaceId: string; runId: string; changes: DraftChanges; actor: AuditActor },
): Promise<Draft> => {
  const { db, events, now = () => new Date() } = services;
  const at = now();
  const changed = await db.transaction(async (tx) => {
    const run = await findWaitingDraft(tx, { workspaceId, runId });
    const update: Partial<typeof agentRun.$inferInsert> = { updatedAt: at };
    let entry: Partial<typeof terminalMessage.$inferInsert> | null = null;

    if (changes.version !== undefined) {
      const chosen = run.versions[changes.version];
      if (!chosen) throw new AppError('NOT_FOUND', 'There is no such version of this draft.');
      const [message] = run.terminalMessageId
        ? await tx.select().from(terminalMessage).where(eq(terminalMessage.messageId, run.terminalMessageId))
        : [];
      const current: DraftVersion = {
        text: run.postText ?? '',
        media: run.media,
        model: message?.model ?? '',
        isOffline: message?.isOffline ?? false,
        notes: message?.notes ?? [],
        sources: message?.sources ?? [],
        createdAt: run.updatedAt.toISOString(),
      };
      update.versions = run.versions.map((version, index) => (index === changes.version ? current : version));
      update.postText = chosen.text;
      update.media = chosen.media;
      entry = {
        tweetContent: tweetContentOf(chosen.text, chosen.media),
        model: chosen.model,
        isOffline: chosen.isOffline,
        notes: chosen.notes,
        sources: chosen.sources,
      };
    }
    const xThreads = await threadsAllowed(tx, run);
    if (changes.text !== undefined) {
      const platforms = await tx
        .select({ platform: delivery.platform })
        .from(delivery)
        .where(and(eq(delivery.runId, run.id), ne(delivery.platform, 'terminal')));
      const problems = textLimitProblems(
        changes.text,
        platforms.map((row) => row.platform),
        platformName,
        { xThreads },
      );
      if (problems.length > 0) {
        throw new AppError('VALIDATION_FAILED', problems.join(' '), { fieldErrors: { text: problems } });
      }
      update.postText = changes.text;
      entry = { ...entry, tweetContent: tweetContentOf(changes.text, update.media ?? run.media) };
    }
    // Split points belong to one text: another text or version is split anew unless new points come with it.
    if (changes.text !== undefined || changes.version !== undefined) update.threadBreaks = null;
    if (changes.thread_breaks !== undefined) {
      update.threadBreaks = checkedThreadBreaks(update.postText ?? run.postText ?? '', changes.thread_breaks, xThreads);
    }
    if (changes.publish_at !== undefined) {
      const publishAt = new Date(changes.publish_at);
      if (publishAt < at) {
        throw new AppError('VALIDATION_FAILED', DRAFT_MESSAGES.pastTime, {
          fieldErrors: { publish_at: [DRAFT_MESSAGES.pastTime] },
        });
      }
      update.publishAt = publishAt;
      // A time a person chose: the draft must be approved by then (issue 36 §3).
      update.timeChosen = true;
      // Its quota goes with it: counted on the day it goes out.
      const plan = await getAccountPlan(tx, workspaceId, services.defaultPlan);
      const kind = run.kind === 'reply' ? 'replies' : 'posts';
      const limit = kind === 'replies' ? plan.limits.repliesPerDay : plan.limits.postsPerDay;
      if (!(await moveQuota(tx, { workspaceId, kind, limit, from: heldQuotaDay(run), to: publishAt }))) {
        throw await quotaUsedError(tx, { workspaceId, plan, at: publishAt, now: at });
      }
      update.quotaDay = usageDay(publishAt);
    }
    await tx.update(agentRun).set(update).where(eq(agentRun.id, run.id));
    // An approval was of the text as it was: another text or version is approved anew.
    if (changes.text !== undefined || changes.version !== undefined)
      await tx.delete(draftApproval).where(eq(draftApproval.runId, run.id));
    if (entry && run.terminalMessageId) {
      await tx.update(terminalMessage).set(entry).where(eq(terminalMessage.messageId, run.terminalMessageId));
    }
    await recordAuditEvents(tx, {
      workspaceId,
      actor,
      action: 'draft.edited',
      subjects: await draftSubjects(tx, [run.id], describeDraftChanges(changes)),
    });
    return { run, entryChanged: entry !== null };
  });
  const { run } = changed;
  if (changed.entryChanged && run.terminalMessageId) {
    await events.publish({
      type: 'terminal.updated',
      workspaceId,
      agentId: run.agentId,
      messageId: run.terminalMessageId,
    });
  }
  const [draft] = await listDrafts(services, { workspaceId, runIds: [run.id] });
  if (!draft) throw new AppError('CONFLICT', DRAFT_MESSAGES.notWaiting);
  return draft;
};
