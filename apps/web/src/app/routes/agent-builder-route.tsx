import { useNavigate, useOutletContext } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { useSession } from '../../api/session.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { AgentBuilderPage } from '../../features/connections/components/agent-builder-page.tsx';
import { DashboardHeader } from '../../features/dashboard/components/dashboard-header.tsx';
import type { GatedOutletContext } from './membership-gate-layout.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher.tsx';

/**
 * /agent-builder (signed in), under the dashboard's header (brand, wallet, e-mail, Sign Out, the way back to the
 * dashboard). 'Launch AI Agent' opens the dashboard's Create Agent form with the connected posting platforms chosen
 * as the agent's clients.
 */
const AgentBuilderRoute = () => {
  const navigate = useNavigate();
  const { data: session } = useSession();
  const signOut = useSignOut();
  const { walletIndicator } = useOutletContext<GatedOutletContext | undefined>() ?? {};
  return (
    <div className="min-h-screen">
      <DashboardHeader
        page="agent-builder"
        email={session?.user.email}
        walletIndicator={walletIndicator}
        workspaceSwitcher={<WorkspaceSwitcher />}
        isSigningOut={signOut.isPending}
        onSignOut={() => signOut.mutate(undefined, { onSuccess: () => void navigate(PATHS.login, { replace: true }) })}
      />
      <AgentBuilderPage
        onLaunch={(clients) =>
          navigate(
            `${PATHS.dashboard}?${new URLSearchParams({ view: 'create', ...(clients.length > 0 ? { clients: clients.join(',') } : {}) })}`,
          )
        }
      />
    </div>
  );
};
export default AgentBuilderRoute;
