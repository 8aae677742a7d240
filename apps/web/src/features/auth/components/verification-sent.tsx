import { AUTH_MESSAGES } from '@agentcast/contracts/messages';
import { VERIFICATION_MESSAGES } from '@agentcast/contracts/auth';
import { Notice } from '../../../components/ui/notice.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

/**
 * After sign-up: the spec's "Check your email for verification link!", the address it went to (a typo shows here),
 * and Resend for a link that did not arrive (the server allows a few an hour and says when to try again).
 */
export const VerificationSent = ({ email }: { email: string }) => {
  const resend = useResendVerification();
  return (
    <Notice tone={resend.isError ? 'error' : 'success'}>
      {AUTH_MESSAGES.signUpCheckEmail} {VERIFICATION_MESSAGES.sentTo(email)}{' '}
      <button
        type="button"
        className="font-semibold underline underline-offset-2 disabled:opacity-60"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending...' : VERIFICATION_MESSAGES.resend}
      </button>
      {resend.isSuccess && <span className="mt-1 block">{resend.data.message}</span>}
      {resend.isError && <span className="mt-1 block">{resend.error.message}</span>}
    </Notice>
  );
};
