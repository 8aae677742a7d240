import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { callApi } from '../../../api/call-api.ts';
import { QUERY_KEYS } from '../../../api/query-keys.ts';
import { queryClient } from '../../../api/query-client.ts';
import { setSession } from '../../../api/session.ts';

export const signOut = () => callApi(authRoutes.signOut, { json: {} });

export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setSession(null);
      // Kept fresh for a few seconds (wallet-status-query.ts): the next account signing in here must not see it.
      queryClient.removeQueries({ queryKey: QUERY_KEYS.wallet });
    },
    // Spec: a failed sign-out is only logged.
    onError: (error) => console.error('Sign-out failed', error),
  });
