import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PostVideoType } from '@agentcast/contracts/compose-constants';
import { DRAFT_MESSAGES } from '@agentcast/contracts/drafts-constants';
import type { PlanId } from '@agentcast/contracts/plans';
import type { TerminalMessage } from '@agentcast/contracts/terminal';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import { terminalMessage } from '@agentcast/db/schema/terminal';
import type { Logger } from 'pino';
import type { EventBus } from '../../../integrations/events/event-bus.ts';
import type { JobQueue } from '../../../integrations/queue/create-job-queue.ts';
import type { StorageDriver } from '../../../integrations/storage/storage-driver.ts';
import { AppError } from '../../../kernel/app-error.ts';
import { findOwnedAgentRow } from '../../ownership/find-owned-agent-row.ts';
import { consumeQuota } from '../../plans/consume-quota.ts';
import { usageDay } from '../../plans/usage-day.ts';
import { getAccountPlan } from '../../plans/get-account-plan.ts';
import { getTerminalMessage } from '../../terminal/get-terminal-message.ts';
import { toTerminalMessage } from '../../terminal/terminal-message-resource.ts';
import { PUBLISH_DELIVERY_JOB } from '../publish/publish-delivery-job.ts';
import { refreshDeliverySnapshot } from '../publish/refresh-delivery-snapshot.ts';
import { quotaUsedError } from '../../schedules/quota-used-error.ts';
import { composeTargets } from './compose-targets.ts';
import { checkComposedDraftRoom } from './composed-draft-room.ts';
import { deliveryRowsOf } from './run-plan.ts';
import { deleteComposedMedia, storeComposedMedia } from './store-composed-media.ts';
import { checkPostVideo } from '../write/store-post-video.ts';
import { tellDraftWebhooks } from '../shared/draft-webhook-events.ts';
import { sendJobs } from '../../../integrations/queue/send-job.ts';
import type { AuditActor } from '../../audit/audit-actor.ts';
import { recordAuditEvent } from '../../audit/record-audit-event.ts';
import { platformName } from '@agentcast/contracts/publishing-constants';

export type ComposeServices = {
  db: Database;
  queue: JobQueue;
  events: EventBus;
  storage: StorageDriver;
  defaultPlan: PlanId;
  logger: Logger;
};

type UploadedFile = { name: string; body: Buffer };

export type ComposePostInput = {
  workspaceId: string;
  /** Who writes it, for the audit log. */
  actor: AuditActor;
  agentId: string;
  text: string;
  /** When to publish; now when absent or past. A draft keeps it as its planned time. */
  publishAt?: Date;
  /** Where it goes, among the agent's platforms; all of them when absent. */
  platforms?: string[];
  /** A platform's own text instead of `text`. */
  texts?: Record<string, string>;
  /** Saved for review (the Review tab) instead of published. */
  draft?: boolean;
  /**
   * The caller may approve posts (an Owner, Admin or Reviewer): only they publish at once for an agent that asks for
   * one approval, which they give by publishing; an agent whose posts the client approves takes drafts alone.
   */
  mayApprove: boolean;
  images?: UploadedFile[];
  video?: UploadedFile;
};

/** What the terminal records as the writer of a post a person wrote. */
export const COMPOSED_MODEL = 'person';

/**
 * A post a person writes for one of their agents (the Review tab): published to the chosen platforms of the agent
 * now or at `publishAt`, on the same path as the agent's own posts — a run under its own key, the quota of the day
 * it goes out, one delivery per platform moved on by the publishing machinery, exactly once, each with its
 * platform's text — and shown in the terminal as written by them. As a draft it waits in the Review tab as an
 * agent's draft does, until a person approves it.
 */
export const composePost = async (services: ComposeServices, input: ComposePostInput): Promise<TerminalMessage> => {
  const { db, queue, events, storage } = services;
  const agent = await findOwnedAgentRow(db, { workspaceId: input.workspaceId, agentId: input.agentId });
  const draft = input.draft === true;
  if (!draft && agent.approval !== 'none' && !(agent.approval === 'one' && input.mayApprove))
    throw new AppError('FORBIDDEN', DRAFT_MESSAGES.needsApproval(agent.name));
  const images = input.images ?? [];
  const videoType: PostVideoType | undefined = input.video ? checkPostVideo(input.video) : undefined;
  const { platforms, texts } = composeTargets({
    agentPlatforms: agent.postConfiguration.clients.filter((client) => client !== 'terminal'),
    agentName: agent.name,
    xThreads: agent.xThreads,
    text: input.text,
    platforms: input.platforms,
    texts: input.texts,
    imageCount: images.length,
    videoType,
  });
  const plan = await getAccountPlan(db, input.workspaceId, services.defaultPlan);
  const media = await storeComposedMedia(storage, input.workspaceId, {
    images,
    video: input.video && videoType ? { file: input.video, type: videoType } : undefined,
  });
  const at = new Date();
  const publishAt = input.publishAt && input.publishAt > at ? input.publishAt : at;
  const key = `composed:${randomUUID()}`;
  const message = await db
    .transaction(async (tx) => {
      if (draft) await checkComposedDraftRoom(tx, agent);
      // Counted on the day it goes out: a post for tomorrow takes tomorrow's quota, whatever today has used.
      const limit = plan.limits.postsPerDay;
      if (!(await consumeQuota(tx, { workspaceId: input.workspaceId, kind: 'posts', limit, at: publishAt }))) {
        throw await quotaUsedError(tx, { workspaceId: input.workspaceId, plan, at: publishAt, now: at });
      }
      const [run] = await tx
        .insert(agentRun)
        .values({
          agentId: agent.id,
          workspaceId: input.workspaceId,
          kind: 'composed',
          idempotencyKey: key,
          status: draft ? 'awaiting_review' : 'ready',
          instruction: 'Written in the Review tab',
          postText: input.text,
          platformTexts: texts,
          media,
          publishAt,
          // A draft for a time the person chose must be approved by then (issue 36 §3).
          timeChosen: draft && publishAt > at,
          quotaDay: usageDay(publishAt),
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!run) throw new Error('run insert returned no row');
      const plannedDeliveries = deliveryRowsOf(
        {
          agentId: agent.id,
          workspaceId: input.workspaceId,
          kind: 'composed',
          idempotencyKey: key,
          instruction: run.instruction,
          platforms,
        },
        run.id,
        at,
      );
      const deliveries = await tx
        .insert(delivery)
        .values(
          plannedDeliveries.map((row) =>
            // A draft's deliveries, the terminal's too, wait as an agent's draft's do: approving moves them on.
            draft
              ? { ...row, status: 'awaiting_review' as const }
              : row.platform === 'terminal'
                ? { ...row, status: 'posted' as const }
                : { ...row, status: 'ready' as const, nextAttemptAt: publishAt },
          ),
        )
        .returning();
      const [entry] = await tx
        .insert(terminalMessage)
        .values({
          agentId: agent.id,
          workspaceId: input.workspaceId,
          runId: run.id,
          createdAt: at,
          tweetContent: [input.text, ...media.map((item) => item.url)].join('\n\n'),
          instruction: run.instruction,
          trigger: 'composed',
          model: COMPOSED_MODEL,
          isOffline: false,
        })
        .returning();
      if (!entry) throw new Error('terminal insert returned no row');
      await tx.update(agentRun).set({ terminalMessageId: entry.messageId }).where(eq(agentRun.id, run.id));
      await recordAuditEvent(tx, {
        workspaceId: input.workspaceId,
        actor: input.actor,
        action: 'post.composed',
        subject: { id: run.id, name: agent.name },
        detail: `${draft ? 'A draft' : 'To publish'} for ${publishAt.toISOString()} on ${platforms.map(platformName).join(', ') || 'the terminal'}`,
      });
      if (draft) {
        await tellDraftWebhooks({ ...services, db: tx, now: () => at }, [run]);
        return entry;
      }
      const toPublish = deliveries.filter((row) => row.platform !== 'terminal');
      if (toPublish.length > 0) {
        await sendJobs(
          queue,
          PUBLISH_DELIVERY_JOB,
          toPublish.map((row) => ({ payload: { deliveryId: row.id }, startAfter: publishAt })),
          { tx },
        );
      }
      return entry;
    })
    .catch(async (error: unknown) => {
      // Nothing was saved: its media go too.
      await deleteComposedMedia(storage, media);
      throw error;
    });
  // The snapshot of the deliveries just written, as every later change keeps it.
  await refreshDeliverySnapshot(db, message.runId ?? '');
  await events.publish({
    type: 'terminal.message',
    workspaceId: input.workspaceId,
    agentId: agent.id,
    messageId: message.messageId,
  });
  return (
    (await getTerminalMessage(db, { workspaceId: input.workspaceId, messageId: message.messageId })) ??
    toTerminalMessage(message)
  );
};
