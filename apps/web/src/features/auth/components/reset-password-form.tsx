import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  PASSWORD_RESET_MESSAGES,
  resetPasswordInputSchema,
  type ResetPasswordInput,
} from '@agentcast/contracts/password-reset';
import { ApiError } from '../../../api/api-error.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useResetPassword } from '../api/password-reset.ts';

/** The form a password reset link opens: a new password, and whether the account's API keys go too. */
export const ResetPasswordForm = ({
  token,
  onDone,
  onAskAgain,
}: {
  token: string;
  onDone: (message: string) => void;
  onAskAgain: () => void;
}) => {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { token, newPassword: '', revokeApiKeys: true },
  });
  const onSubmit = handleSubmit((input) => reset.mutate(input, { onSuccess: ({ message }) => onDone(message) }));
  const linkIsBad = reset.error instanceof ApiError && Boolean(reset.error.fieldErrors.token);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Choose a new password">
      {reset.isError && (
        <Notice tone="error">
          {reset.error.message}{' '}
          {linkIsBad && (
            <button type="button" onClick={onAskAgain} className="underline">
              Ask for a new link
            </button>
          )}
        </Notice>
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        autoFocus
        required
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <CheckboxField
        label={PASSWORD_RESET_MESSAGES.revokeApiKeys}
        hint={PASSWORD_RESET_MESSAGES.revokeApiKeysHint}
        {...register('revokeApiKeys')}
      />
      <p className="text-xs text-slate-400">Every session of your account is signed out when the password changes.</p>
      <button type="submit" disabled={reset.isPending} className={buttonClasses('primary', 'w-full py-3')}>
        {reset.isPending ? 'Saving...' : 'Set new password'}
      </button>
    </form>
  );
};
