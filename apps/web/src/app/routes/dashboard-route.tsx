import { useNavigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { useSession } from '../../lib/session.ts';

/** Composes the dashboard with the signed-in user and sign-out from the auth feature. */
const DashboardRoute = () => {
  const { data: session } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <DashboardPage
      email={session?.user.email}
      isSigningOut={signOut.isPending}
      onSignOut={() => signOut.mutate(undefined, { onSuccess: () => navigate(PATHS.login, { replace: true }) })}
    />
  );
};
export default DashboardRoute;
