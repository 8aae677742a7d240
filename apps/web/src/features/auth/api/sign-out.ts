import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { setSession } from '../../../lib/session.ts';

export const signOut = () => apiRequest<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} });

export const useSignOut = () =>
  useMutation({
    mutationFn: signOut,
    onSuccess: () => setSession(null),
    // Spec: a failed sign-out is only logged.
    onError: (error) => console.error('Sign-out failed', error),
  });
