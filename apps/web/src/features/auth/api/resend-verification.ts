import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type { ResendVerificationInput } from '@agentcast/contracts/auth';
import { callApi } from '../../../api/call-api.ts';

/** After sign-up: a new verification link to the same address. */
export const useResendVerification = () =>
  useMutation({
    mutationFn: (input: ResendVerificationInput) => callApi(authRoutes.resendVerification, { json: input }),
  });
