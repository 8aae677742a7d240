import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import { callApi } from '../../../api/call-api.ts';
import { setSession } from '../../../api/session.ts';

export const signOut = () => callApi(authRoutes.signOut, { json: {} });

export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: () => setSession(null),
    // Spec: a failed sign-out is only logged.
    onError: (error) => console.error('Sign-out failed', error),
  });
