import { Navigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { FullScreenLoader } from '../../components/ui/full-screen-loader.tsx';
import { useSession } from '../../api/session.ts';
import { useWorkspaceInAddress } from '../../lib/use-workspace-in-address.ts';
import { MembershipGateLayout } from './membership-gate-layout.tsx';

/**
 * Spec §2: /dashboard and /agent-builder require sign-in, else /login; while the auth state loads, a full-screen
 * loading screen is shown. Reacts too when the session ends while a page is open (sign-out, or expiry noticed when
 * the window regains focus). Inside it, the membership gate: the gate lives in this lazy chunk, so the landing
 * page's first load does not grow. The address names the workspace the tab shows.
 */
const SignedInLayout = () => {
  const { data: session, isPending } = useSession();
  useWorkspaceInAddress();
  if (isPending) return <FullScreenLoader label="Checking your session…" />;
  return session ? <MembershipGateLayout /> : <Navigate to={PATHS.login} replace />;
};
export default SignedInLayout;
