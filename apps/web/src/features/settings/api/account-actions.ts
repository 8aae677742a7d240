import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, ChangePasswordInput, DeleteAccountInput } from '@agentcast/contracts/account-settings';
import { accountRoutes } from '@agentcast/contracts/api/account-routes';
import { callApi } from '../../../api/call-api.ts';
import { refreshSession, setSession } from '../../../api/session.ts';

const SESSIONS_KEY = ['account-sessions'] as const;

/** Where the browser downloads the data export (a plain link: the answer is an attachment). */
export const EXPORT_URL = accountRoutes.exportData.path;

export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => callApi(accountRoutes.changePassword, { json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
};

export const useChangeEmail = () =>
  useMutation({ mutationFn: (input: ChangeEmailInput) => callApi(accountRoutes.changeEmail, { json: input }) });

export const useOtherSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => callApi(accountRoutes.sessions, { signal }) });

export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountRoutes.revokeOtherSessions, {}),
    onSuccess: (sessions) => queryClient.setQueryData(SESSIONS_KEY, sessions),
  });
};

/** The account is gone and the session with it: the app forgets the person. */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (input: DeleteAccountInput) => callApi(accountRoutes.deleteAccount, { json: input }),
    onSuccess: () => setSession(null),
  });

/** After the e-mail link was opened, the header shows the new address. */
export const reloadSession = () => refreshSession();
