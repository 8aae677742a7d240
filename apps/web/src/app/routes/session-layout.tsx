import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../../components/ui/full-screen-loader.tsx';
import { useSession } from '../../api/session.ts';
import { queryClient } from '../../lib/query-client.ts';

/** Spec §2: while the auth state loads, a full-screen loading screen is shown. */
const SessionGate = () => {
  const { isPending } = useSession();
  return isPending ? <FullScreenLoader label="Checking your session…" /> : <Outlet />;
};

const SessionLayout = () => (
  <QueryClientProvider client={queryClient}>
    <SessionGate />
  </QueryClientProvider>
);
export default SessionLayout;
