import { and, eq, gte, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Database } from '@agentcast/db/client';
import { agentRun, delivery } from '@agentcast/db/schema/runs';
import type { PastReply } from './reply-guards.ts';

/** How far back the guards look: a day for the per-person cap, and the threads still going on. */
const HISTORY_MS = 48 * 60 * 60 * 1000;

/**
 * The agent's reply runs on one platform from the last two days, as the reply guards read them: whom each answered,
 * in which conversation, when the message was made and when the answer went out. Bounded by the plan's daily
 * replies (300 at most).
 */
export const loadReplyHistory = async (
  db: Database,
  { agentId, platform, now }: { agentId: string; platform: string; now: Date },
): Promise<PastReply[]> => {
  const runs = await db
    .select({ id: agentRun.id, replyTo: agentRun.replyTo, status: agentRun.status, createdAt: agentRun.createdAt })
    .from(agentRun)
    .where(
      and(
        eq(agentRun.agentId, agentId),
        eq(agentRun.kind, 'reply'),
        gte(agentRun.createdAt, new Date(now.getTime() - HISTORY_MS)),
      ),
    );
  const answers = runs.length
    ? await db
        .select({ runId: delivery.runId, publishedAt: delivery.publishedAt, externalId: delivery.externalId })
        .from(delivery)
        .where(
          and(
            inArray(
              delivery.runId,
              runs.map((run) => run.id),
            ),
            ne(delivery.platform, 'terminal'),
            isNotNull(delivery.publishedAt),
          ),
        )
    : [];
  const answerOf = new Map(answers.map((answer) => [answer.runId, answer]));
  return runs
    .filter((run) => run.replyTo?.platform === platform)
    .map((run) => {
      const answer = answerOf.get(run.id);
      const askedAt = run.replyTo?.createdAt ? new Date(run.replyTo.createdAt) : undefined;
      return {
        authorId: run.replyTo?.authorId,
        conversationId: run.replyTo?.conversationId,
        ...(askedAt && !Number.isNaN(askedAt.getTime()) && { askedAt }),
        ...(answer?.publishedAt && { answeredAt: answer.publishedAt }),
        ...(answer?.externalId && { answerPostId: answer.externalId }),
        isAnswered: run.status !== 'skipped',
        at: run.createdAt,
      };
    });
};
