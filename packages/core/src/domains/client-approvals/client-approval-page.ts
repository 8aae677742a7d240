import type { ClientApprovalPage } from '@agentcast/contracts/client-links';
import type { Draft } from '@agentcast/contracts/drafts';
import { eq } from 'drizzle-orm';
import { workspace } from '@agentcast/db/schema/workspaces';
import { listDrafts } from '../runs/review/list-drafts.ts';
import type { ClientApprovalServices } from './client-approval-services.ts';
import { findWorkingClientLink } from './client-link-token.ts';

/** A draft whose team has approved it and whose client has not yet: what a client's page lists. */
export const isWaitingForClient = (draft: Pick<Draft, 'approval' | 'approvals'>) =>
  draft.approval === 'team_then_client' &&
  draft.approvals.some((given) => given.step === 'team') &&
  !draft.approvals.some((given) => given.step === 'client');

/**
 * What a client's link shows (issue 36 §4): the workspace's name and the drafts waiting for the client, each its
 * post, media and platforms, soonest planned first — and nothing else of the workspace.
 */
export const readClientApprovalPage = async (
  services: ClientApprovalServices,
  { token }: { token: string },
): Promise<ClientApprovalPage> => {
  const link = await findWorkingClientLink(services.db, { token, now: services.now() });
  const [owner] = await services.db
    .select({ name: workspace.name })
    .from(workspace)
    .where(eq(workspace.id, link.workspaceId));
  const drafts = (await listDrafts(services, { workspaceId: link.workspaceId })).filter(isWaitingForClient);
  return {
    workspace_name: owner?.name ?? '',
    client_name: link.clientName,
    drafts: drafts.map(
      ({ id, agent, text, media, platforms, platform_texts, publish_at, x_threads, thread_breaks }) => ({
        id,
        agent,
        text,
        media,
        platforms,
        platform_texts,
        publish_at,
        x_threads,
        thread_breaks,
      }),
    ),
  };
};
