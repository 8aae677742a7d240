import { Navigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../api/session.ts';
import { MembershipGateLayout } from './membership-gate-layout.tsx';

/**
 * Spec §2: /dashboard and /agent-builder require sign-in, else /login. Reacts too when the session ends while a
 * page is open (sign-out, or expiry noticed when the window regains focus). Inside it, the membership gate: the
 * gate lives in this lazy chunk, so the landing page's first load does not grow.
 */
const SignedInLayout = () => {
  const { data: session } = useSession();
  return session ? <MembershipGateLayout /> : <Navigate to={PATHS.login} replace />;
};
export default SignedInLayout;
