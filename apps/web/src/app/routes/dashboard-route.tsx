import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import { CLIENT_OPTIONS, type Client } from '@agentcast/contracts/agents';
import { PATHS } from '@agentcast/contracts/paths';
import { useAgents } from '../../features/agents/api/agents-query.ts';
import { QUERY_KEYS } from '../../api/query-keys.ts';
import { AgentBoard } from '../../features/agents/components/agent-board.tsx';
import { AnalyticsPanel } from '../../features/analytics/components/analytics-panel.tsx';
import { CalendarPanel } from '../../features/calendar/components/calendar-panel.tsx';
import { CreateAgentScreen } from '../../features/agents/components/create-agent-screen.tsx';
import { ManagedAgentsScreen } from '../../features/agents/components/managed-agents-screen.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import {
  DASHBOARD_TABS,
  DashboardPage,
  type DashboardTab,
} from '../../features/dashboard/components/dashboard-page.tsx';
import { useWaitingDraftCount } from '../../features/review/api/drafts-query.ts';
import { ReviewPanel } from '../../features/review/components/review-panel.tsx';
import { ReviewTabLabel } from '../../features/review/components/review-tab-label.tsx';
import { TerminalPanel } from '../../features/terminal/components/terminal-panel.tsx';
import { UsageSummary } from '../../features/usage/components/usage-summary.tsx';
import { useSession } from '../../api/session.ts';
import type { GatedOutletContext } from './membership-gate-layout.tsx';

/** ?clients=x,linkedin from the Agent Builder's 'Launch AI Agent': the terminal plus the connected platforms. */
const clientsFromLaunch = (value: string | null): Client[] | undefined => {
  const chosen = (value ?? '')
    .split(',')
    .filter(
      (client): client is Client => (CLIENT_OPTIONS as readonly string[]).includes(client) && client !== 'terminal',
    );
  return chosen.length > 0 ? ['terminal', ...chosen] : undefined;
};

/**
 * The dashboard: its tab and sub-view live in the URL (?tab=terminal, ?view=create, ?view=manage&agent=…) so the
 * browser's back button and reloads keep the place.
 */
const DashboardRoute = () => {
  const { data: session } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Type-only import: the gate stays out of this chunk.
  const { walletIndicator } = useOutletContext<GatedOutletContext | undefined>() ?? {};
  const tab: DashboardTab = DASHBOARD_TABS.find((item) => item.key === params.get('tab'))?.key ?? 'agentboard';
  // Every agent, for the tabs that pick among them; the AgentBoard reads its own pages.
  const agents = useAgents({ enabled: tab === 'review' || tab === 'terminal' || tab === 'analytics' });
  const waitingDrafts = useWaitingDraftCount();
  const view = params.get('view');

  // Spec §2: back from create or edit returns to the AgentBoard, and the list is reloaded.
  const showBoard = useCallback(() => {
    setParams({});
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents });
  }, [setParams, queryClient]);

  const content =
    tab === 'review' ? (
      <ReviewPanel agents={agents.data ?? []} />
    ) : tab === 'terminal' ? (
      <TerminalPanel agents={agents.data ?? []} isLoadingAgents={agents.isPending} />
    ) : tab === 'calendar' ? (
      <CalendarPanel />
    ) : tab === 'analytics' ? (
      <AnalyticsPanel agents={agents.data ?? []} />
    ) : view === 'create' ? (
      <CreateAgentScreen onDone={showBoard} defaultClients={clientsFromLaunch(params.get('clients'))} />
    ) : view === 'manage' ? (
      <ManagedAgentsScreen
        selectedId={params.get('agent') ?? undefined}
        onSelect={(agentId) => setParams(agentId ? { view: 'manage', agent: agentId } : { view: 'manage' })}
        onDone={showBoard}
      />
    ) : (
      <>
        <UsageSummary />
        <AgentBoard
          onCreate={() => setParams({ view: 'create' })}
          onEdit={(agentId) => setParams({ view: 'manage', agent: agentId })}
          // The usage line is read again after a run, not only every 30 s.
          onTriggered={() => {
            void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage });
            // A run of an agent with review on adds a draft: the Review tab's count follows.
            void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.drafts });
          }}
        />
      </>
    );

  return (
    <DashboardPage
      email={session?.user.email}
      walletIndicator={walletIndicator}
      isSigningOut={signOut.isPending}
      onSignOut={() => signOut.mutate(undefined, { onSuccess: () => void navigate(PATHS.login, { replace: true }) })}
      tab={tab}
      onTabChange={(next) => setParams(next === 'agentboard' ? {} : { tab: next })}
      tabLabels={{ review: <ReviewTabLabel count={waitingDrafts} /> }}
    >
      {content}
    </DashboardPage>
  );
};
export default DashboardRoute;
