import { useState } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../api/session.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

/**
 * Spec §2: /login redirects to /dashboard when already signed in. Decided on arrival only: a sign-in made on this
 * page navigates by itself, carrying the "Successfully logged in!" notice that a redirect here would drop.
 */
const LoginRoute = () => {
  const { data: session } = useSession();
  const [wasSignedInOnArrival] = useState(() => Boolean(session));
  return wasSignedInOnArrival ? <Navigate to={PATHS.dashboard} replace /> : <LoginPage />;
};
export default LoginRoute;
