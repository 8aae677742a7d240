import { and, eq } from 'drizzle-orm';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import type { Database } from '@agentcast/db/client';
import { workspaceMember } from '@agentcast/db/schema/workspaces';

/** The person's role in the workspace, or null when they are not a member of it (or it does not exist). */
export const findMemberRole = async (
  db: Database,
  { workspaceId, userId }: { workspaceId: string; userId: string },
): Promise<WorkspaceRole | null> => {
  const [row] = await db
    .select({ role: workspaceMember.role })
    .from(workspaceMember)
    .where(and(eq(workspaceMember.workspaceId, workspaceId), eq(workspaceMember.userId, userId)))
    .limit(1);
  return row?.role ?? null;
};
