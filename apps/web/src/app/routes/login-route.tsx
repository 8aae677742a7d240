import { Navigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../features/auth/api/session.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

/** Spec §2: /login redirects to /dashboard when already signed in. */
const LoginRoute = () => {
  const { data: session } = useSession();
  return session ? <Navigate to={PATHS.dashboard} replace /> : <LoginPage />;
};
export default LoginRoute;
