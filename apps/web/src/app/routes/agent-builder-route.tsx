import { useNavigate } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { AgentBuilderPage } from '../../features/connections/components/agent-builder-page.tsx';

/**
 * /agent-builder (signed in). 'Launch AI Agent' opens the dashboard's Create Agent view with the connected posting
 * platforms chosen as the agent's clients.
 */
const AgentBuilderRoute = () => {
  const navigate = useNavigate();
  return (
    <AgentBuilderPage
      onLaunch={(clients) =>
        navigate(
          `${PATHS.dashboard}?${new URLSearchParams({ view: 'create', ...(clients.length > 0 ? { clients: clients.join(',') } : {}) })}`,
        )
      }
    />
  );
};
export default AgentBuilderRoute;
