import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignInInput } from '@agentcast/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/session.ts';

export const signIn = (input: SignInInput) =>
  apiRequest<{ user: SessionUser }>('/api/auth/sign-in/email', { method: 'POST', body: input });

/** Resolves once the new session has been read back, so the guards already see the user. */
export const useSignIn = () => useMutation({ mutationFn: signIn, onSuccess: refreshSession });
