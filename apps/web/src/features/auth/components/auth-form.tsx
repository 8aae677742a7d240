import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signInInputSchema, signUpInputSchema, type SignInInput } from '@agentcast/contracts/auth';
import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { PASSWORD_RESET_MESSAGES } from '@agentcast/contracts/password-reset-constants';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { ApiError } from '../../../api/api-error.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { VerificationSent } from './verification-sent.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

export type AuthMode = 'login' | 'signup';

type AuthFormProps = {
  mode: AuthMode;
  /** A message to show before anything is submitted (e.g. "your e-mail is verified"). */
  initialNotice?: { tone: 'success' | 'error'; text: string };
  onSignedIn: () => void;
  /** Shown on the Login tab: opens "Forgot password?". */
  onForgotPassword?: () => void;
};

/** The e-mail + password form of either tab. Server messages are shown as they come, beside the field they name. */
export const AuthForm = ({ mode, initialNotice, onSignedIn, onForgotPassword }: AuthFormProps) => {
  const isSignUp = mode === 'signup';
  const signIn = useSignIn();
  const signUp = useSignUp();
  // undefined: nothing submitted yet, so initialNotice shows (it may arrive after the first render: see LoginPage).
  const [submitNotice, setNotice] = useState<AuthFormProps['initialNotice'] | null>(undefined);
  const notice = submitNotice === undefined ? initialNotice : (submitNotice ?? undefined);
  // Signed up: where the verification link went.
  const [sentTo, setSentTo] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(isSignUp ? signUpInputSchema : signInInputSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setNotice(null);
    setSentTo(undefined);
    try {
      if (isSignUp) {
        await signUp.mutateAsync(input);
        setSentTo(input.email);
        resetField('password');
      } else {
        await signIn.mutateAsync(input);
        setNotice({ tone: 'success', text: AUTH_MESSAGES.signedIn });
        onSignedIn();
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError) {
        for (const field of ['email', 'password'] as const) {
          const fieldMessage = error.fieldErrors[field]?.[0];
          if (fieldMessage) setError(field, { message: fieldMessage });
        }
      }
      setNotice({ tone: 'error', text: message });
    }
  });

  return (
    // method="post": submitted before the script has taken over (the page is prerendered), the browser must not put
    // the password in the address; the server answers such a POST by sending the page again.
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-label={isSignUp ? 'Sign up' : 'Login'}
    >
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {sentTo && <VerificationSent email={sentTo} />}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete={isSignUp ? 'new-password' : 'current-password'}
        required
        hint={isSignUp ? 'At least 8 characters.' : undefined}
        error={errors.password?.message}
        {...register('password')}
      />
      {!isSignUp && onForgotPassword && (
        <div className="-mt-3 text-right">
          <button type="button" onClick={onForgotPassword} className="text-sm text-brand-300 hover:text-white">
            {PASSWORD_RESET_MESSAGES.forgotPassword}
          </button>
        </div>
      )}
      <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'w-full py-3')}>
        {isSubmitting ? AUTH_MESSAGES.processing : isSignUp ? 'Sign Up' : 'Login'}
      </button>
    </form>
  );
};
