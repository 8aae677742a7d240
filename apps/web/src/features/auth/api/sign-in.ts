import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type { SignInInput } from '@agentcast/contracts/auth';
import { callApi } from '../../../api/call-api.ts';
import { refreshSession } from '../../../api/session.ts';

export const signIn = (input: SignInInput) => callApi(authRoutes.signIn, { json: input });

/** Resolves once the new session has been read back, so the guards already see the user. */
export const useSignIn = () => useMutation({ mutationFn: signIn, onSuccess: refreshSession });
