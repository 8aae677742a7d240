import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useRevertEmailChange } from '../api/password-reset.ts';

/**
 * The page the link in "Your Agentcast e-mail was changed" opens. A button, not the link itself, puts the address
 * back: mail scanners open links, and must not undo anything.
 */
export const RevertEmailForm = ({ token, onDone }: { token: string; onDone: (message: string) => void }) => {
  const revert = useRevertEmailChange();
  return (
    <form
      className="space-y-5"
      aria-label="Put your e-mail address back"
      onSubmit={(event) => {
        event.preventDefault();
        revert.mutate({ token }, { onSuccess: ({ message }) => onDone(message) });
      }}
    >
      <p className="text-sm text-slate-300">
        If you did not change your account&apos;s e-mail address, put the old one back. Every session is signed out,
        your API keys are revoked, and we mail that address a link to choose a new password.
      </p>
      {revert.isError && <Notice tone="error">{revert.error.message}</Notice>}
      <button type="submit" disabled={revert.isPending} className={buttonClasses('danger', 'w-full py-3')}>
        {revert.isPending ? 'Restoring...' : 'Put my e-mail address back'}
      </button>
    </form>
  );
};
