import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@agentcast/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export const signUp = (input: SignUpInput) =>
  apiRequest<{ message: string }>('/api/auth/sign-up/email', { method: 'POST', body: input });

export const useSignUp = () => useMutation({ mutationFn: signUp });
