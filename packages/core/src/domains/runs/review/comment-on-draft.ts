import { and, asc, eq } from 'drizzle-orm';
import { DRAFT_MESSAGES, type DraftComment } from '@agentcast/contracts/drafts';
import { WORKSPACE_MESSAGES } from '@agentcast/contracts/workspace-roles';
import type { Database } from '@agentcast/db/client';
import { agent } from '@agentcast/db/schema/agents';
import { draftComment } from '@agentcast/db/schema/approvals';
import { user } from '@agentcast/db/schema/auth';
import { agentRun } from '@agentcast/db/schema/runs';
import { workspace, workspaceMember } from '@agentcast/db/schema/workspaces';
import { AppError } from '../../../kernel/app-error.ts';
import { isUuid } from '../../../kernel/is-uuid.ts';
import { workspaceReviewLink } from '../../notifications/app-links.ts';
import { buildMentionEmail } from '../../notifications/notification-emails.ts';
import type { NotificationServices } from '../../notifications/notification-services.ts';
import { findMentions, memberName, type MentionableMember } from './find-mentions.ts';

/** A comment needs what a notification does: the database, the mail, and the app's address for the link in it. */
export type DraftCommentServices = NotificationServices;

type CommentedDraft = { text: string; agentName: string; workspaceName: string };

/**
 * The workspace's draft, if it still waits for review: held (FOR SHARE) until the comment is stored, so an approval
 * or rejection at the same moment comes after it. Another workspace's draft, and one no longer waiting, are not
 * found: there is nothing left to comment on.
 */
const findDraftToComment = async (
  tx: Database,
  { workspaceId, runId }: { workspaceId: string; runId: string },
): Promise<CommentedDraft> => {
  const [draft] = isUuid(runId)
    ? await tx
        .select({
          status: agentRun.status,
          text: agentRun.postText,
          agentName: agent.name,
          workspaceName: workspace.name,
        })
        .from(agentRun)
        .innerJoin(agent, eq(agent.id, agentRun.agentId))
        .innerJoin(workspace, eq(workspace.id, agentRun.workspaceId))
        .where(and(eq(agentRun.id, runId), eq(agentRun.workspaceId, workspaceId)))
        .for('share', { of: agentRun })
    : [];
  if (!draft) throw new AppError('NOT_FOUND', 'Draft not found');
  if (draft.status !== 'awaiting_review') throw new AppError('NOT_FOUND', DRAFT_MESSAGES.notWaiting);
  return { text: draft.text ?? '', agentName: draft.agentName, workspaceName: draft.workspaceName };
};

const membersOf = (tx: Database, workspaceId: string): Promise<MentionableMember[]> =>
  tx
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(workspaceMember)
    .innerJoin(user, eq(user.id, workspaceMember.userId))
    .where(eq(workspaceMember.workspaceId, workspaceId))
    .orderBy(asc(workspaceMember.createdAt));

/**
 * A member's comment on a waiting draft of their workspace (issue 36 §5). The members it @mentions (find-mentions.ts)
 * — never its author — are stored with it, then e-mailed a link to Review in that workspace. The comment is kept
 * whatever the mail server answers: an e-mail that could not be sent is logged.
 */
export const commentOnDraft = async (
  services: DraftCommentServices,
  { workspaceId, userId, runId, body }: { workspaceId: string; userId: string; runId: string; body: string },
): Promise<DraftComment> => {
  const at = services.now();
  const { draft, author, mentioned } = await services.db.transaction(async (tx) => {
    const found = await findDraftToComment(tx, { workspaceId, runId });
    const members = await membersOf(tx, workspaceId);
    const writer = members.find((member) => member.userId === userId);
    // The route let only members in; one removed since then has no say either.
    if (!writer) throw new AppError('NOT_FOUND', WORKSPACE_MESSAGES.notFound);
    const others = findMentions(body, members).filter((member) => member.userId !== userId);
    await tx.insert(draftComment).values({
      workspaceId,
      runId,
      authorUserId: userId,
      authorName: memberName(writer),
      body,
      mentionedUserIds: others.map((member) => member.userId),
      createdAt: at,
    });
    return { draft: found, author: writer, mentioned: others };
  });
  await mailMentions(services, { workspaceId, runId, author: memberName(author), draft, body, mentioned });
  return {
    by: memberName(author),
    body,
    at: at.toISOString(),
    changes_requested: false,
    mentions: mentioned.map(memberName),
  };
};

/** E-mails each mentioned member, side by side; one that fails is logged and leaves the others and the comment be. */
const mailMentions = async (
  { mailer, publicUrl, logger }: DraftCommentServices,
  {
    workspaceId,
    runId,
    author,
    draft,
    body,
    mentioned,
  }: {
    workspaceId: string;
    runId: string;
    author: string;
    draft: CommentedDraft;
    body: string;
    mentioned: MentionableMember[];
  },
) => {
  const reviewUrl = workspaceReviewLink(publicUrl, workspaceId);
  await Promise.all(
    mentioned.map(async (member) => {
      try {
        await mailer.send(
          buildMentionEmail({
            to: member.email,
            author,
            agentName: draft.agentName,
            workspaceName: draft.workspaceName,
            comment: body,
            draftText: draft.text,
            reviewUrl,
          }),
        );
      } catch (error) {
        logger.error(
          { err: error, userId: member.userId, runId },
          'A mention e-mail could not be sent; the comment is kept',
        );
      }
    }),
  );
};
