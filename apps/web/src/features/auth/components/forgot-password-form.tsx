import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { requestPasswordResetInputSchema, type RequestPasswordResetInput } from '@agentcast/contracts/password-reset';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRequestPasswordReset } from '../api/password-reset.ts';

/** Asks for the account's e-mail and mails it a link to choose a new password. */
export const ForgotPasswordForm = ({ onBack }: { onBack: () => void }) => {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RequestPasswordResetInput>({
    resolver: zodResolver(requestPasswordResetInputSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((input) => request.mutate(input));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Reset your password">
      <p className="text-sm text-slate-300">
        Enter the e-mail you signed up with. We send it a link to choose a new password.
      </p>
      {request.isSuccess && <Notice tone="success">{request.data.message}</Notice>}
      {request.isError && <Notice tone="error">{request.error.message}</Notice>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        autoFocus
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <button type="submit" disabled={request.isPending} className={buttonClasses('primary', 'w-full py-3')}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </button>
      <button type="button" onClick={onBack} className="w-full text-sm text-slate-400 hover:text-white">
        ← Back to login
      </button>
    </form>
  );
};
