import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type { SignUpInput } from '@agentcast/contracts/auth';
import { callApi } from '../../../api/call-api.ts';

export const signUp = (input: SignUpInput) => callApi(authRoutes.signUp, { json: input });

export const useSignUp = () => useMutation({ mutationFn: signUp });
