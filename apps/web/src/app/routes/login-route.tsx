import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { VERIFICATION_MESSAGES } from '@agentcast/contracts/auth';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../api/session.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import { takePendingInvitation } from '../../lib/pending-invitation.ts';

/**
 * Spec §2: /login redirects to /dashboard when already signed in. Decided by the first answer about the session
 * only: a sign-in made on this page navigates by itself, carrying the "Successfully logged in!" notice that a
 * redirect here would drop. The page itself shows from the start, session or not: it is prerendered for a signed-out
 * visitor and hydrated at once (main.tsx), so a click or keystroke made while the session is read is not lost.
 */
const LoginRoute = () => {
  const { data: session, isPending } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isDecided = useRef(false);
  useEffect(() => {
    if (isDecided.current || isPending) return;
    isDecided.current = true;
    // The verification link signs the person in and lands here (/login?verified=1): on to the dashboard, welcomed.
    const notice = params.get('verified') && !params.get('error') ? VERIFICATION_MESSAGES.verifiedWelcome : undefined;
    // Someone who opened an invitation before signing in goes back to it.
    const invitation = session ? takePendingInvitation() : null;
    if (invitation) void navigate(invitation, { replace: true });
    else if (session) void navigate(PATHS.dashboard, { replace: true, state: notice ? { notice } : undefined });
  }, [isPending, session, navigate, params]);
  return <LoginPage />;
};
export default LoginRoute;
