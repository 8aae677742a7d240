import { Navigate, Outlet } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../lib/session.ts';

/**
 * Spec §2: /dashboard and /agent-builder require sign-in, else /login. Reacts too when the session ends while a
 * page is open (sign-out, or expiry noticed when the window regains focus).
 */
const SignedInLayout = () => {
  const { data: session } = useSession();
  return session ? <Outlet /> : <Navigate to={PATHS.login} replace />;
};
export default SignedInLayout;
