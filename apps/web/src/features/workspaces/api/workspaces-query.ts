import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { workspacesRoutes } from '@agentcast/contracts/api/workspaces-routes';
import type { InviteMemberInput } from '@agentcast/contracts/workspaces';
import type { WorkspaceRole } from '@agentcast/contracts/workspace-roles';
import { activeWorkspace } from '../../../api/active-workspace.ts';
import { callApi } from '../../../api/call-api.ts';

const WORKSPACES_KEY = ['workspaces'] as const;
const MEMBERS_KEY = ['workspace-members'] as const;

/** The workspaces the person belongs to, their own first. */
export const useWorkspaces = () =>
  useQuery({ queryKey: WORKSPACES_KEY, queryFn: ({ signal }) => callApi(workspacesRoutes.list, { signal }) });

/** The person's role in the workspace the tab acts in; undefined until the list is read. */
export const useCurrentRole = () => {
  const workspaces = useWorkspaces();
  const list = workspaces.data?.workspaces ?? [];
  const current = activeWorkspace() ?? list[0]?.id;
  return list.find((workspace) => workspace.id === current)?.role;
};

/** The members and pending invitations of the workspace the tab acts in. */
export const useMembers = () =>
  useQuery({ queryKey: MEMBERS_KEY, queryFn: ({ signal }) => callApi(workspacesRoutes.members, { signal }) });

const useMembersChange = <Input>(change: (input: Input) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMBERS_KEY }),
  });
};

export const useInvite = () =>
  useMembersChange((input: InviteMemberInput) => callApi(workspacesRoutes.invite, { json: input }));

export const useWithdrawInvitation = () =>
  useMembersChange((id: string) => callApi(workspacesRoutes.withdrawInvitation, { params: { id } }));

export const useChangeRole = () =>
  useMembersChange(({ userId, role }: { userId: string; role: WorkspaceRole }) =>
    callApi(workspacesRoutes.changeRole, { params: { userId }, json: { role } }),
  );

export const useRemoveMember = () =>
  useMembersChange((userId: string) => callApi(workspacesRoutes.removeMember, { params: { userId } }));

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => callApi(workspacesRoutes.previewInvitation, { params: { token }, signal }),
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({ mutationFn: () => callApi(workspacesRoutes.acceptInvitation, { params: { token } }) });
