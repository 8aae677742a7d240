import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@agentcast/contracts/api/auth-routes';
import type {
  RequestPasswordResetInput,
  ResetPasswordInput,
  RevertEmailChangeInput,
} from '@agentcast/contracts/password-reset';
import { callApi } from '../../../api/call-api.ts';

/** "Forgot password?": mails a link to choose a new one. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (input: RequestPasswordResetInput) => callApi(authRoutes.requestPasswordReset, { json: input }),
  });

/** The form the reset link opens. */
export const useResetPassword = () =>
  useMutation({ mutationFn: (input: ResetPasswordInput) => callApi(authRoutes.resetPassword, { json: input }) });

/** The form the link in "Your Agentcast e-mail was changed" opens. */
export const useRevertEmailChange = () =>
  useMutation({
    mutationFn: (input: RevertEmailChangeInput) => callApi(authRoutes.revertEmailChange, { json: input }),
  });
