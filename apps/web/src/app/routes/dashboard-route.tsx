import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useState } from 'react';
import { useNavigate, useOutletContext, useSearchParams } from 'react-router';
import type { Client } from '@agentcast/contracts/agents';
import { CLIENT_OPTIONS } from '@agentcast/contracts/agents-constants';
import { PATHS } from '@agentcast/contracts/paths';
import { can } from '@agentcast/contracts/workspace-roles';
import { useAgents } from '../../features/agents/api/agents-query.ts';
import { QUERY_KEYS } from '../../api/query-keys.ts';
import { invalidatePostingTimes } from '../../api/invalidate-posting-times.ts';
import { AgentBoard } from '../../features/agents/components/agent-board.tsx';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import {
  DASHBOARD_TABS,
  DashboardPage,
  type DashboardTab,
} from '../../features/dashboard/components/dashboard-page.tsx';
import { useWaitingDraftCount } from '../../features/review/api/drafts-query.ts';
import { ReviewTabLabel } from '../../features/review/components/review-tab-label.tsx';
import { useWaitingConversationCount } from '../../features/inbox/api/inbox-query.ts';
import { InboxTabLabel } from '../../features/inbox/components/inbox-tab-label.tsx';
import { useSendTimeZone } from '../../features/settings/api/use-send-time-zone.ts';
import { UsageSummary } from '../../features/usage/components/usage-summary.tsx';
import { useSession } from '../../api/session.ts';
import { adoptAgentBoardAnswers } from './adopt-agent-board-answers.ts';
import {
  AnalyticsPanel,
  CalendarPanel,
  CreateAgentScreen,
  InboxPanel,
  ManagedAgentsScreen,
  ReviewPanel,
  TerminalPanel,
  preloadTab,
} from './dashboard-panels.ts';
import type { GatedOutletContext } from './membership-gate-layout.tsx';
import { WorkspaceSwitcher } from '../../features/workspaces/components/workspace-switcher.tsx';
import { useCurrentRole } from '../../features/workspaces/api/workspaces-query.ts';

/** ?clients=x,linkedin from the Agent Builder's 'Launch AI Agent': the terminal plus the connected platforms. */
const clientsFromLaunch = (value: string | null): Client[] | undefined => {
  const chosen = (value ?? '')
    .split(',')
    .filter(
      (client): client is Client => (CLIENT_OPTIONS as readonly string[]).includes(client) && client !== 'terminal',
    );
  return chosen.length > 0 ? ['terminal', ...chosen] : undefined;
};

/** While a tab's or view's code arrives (its chunk, dashboard-panels.ts): the frame and the tabs stay. */
const PanelLoading = () => (
  <p role="status" className="py-10 text-center text-sm text-slate-400">
    Loading…
  </p>
);

/**
 * The dashboard: its tab and sub-view live in the URL (?tab=terminal, ?view=create, ?view=manage&agent=…) so the
 * browser's back button and reloads keep the place.
 */
const DashboardRoute = () => {
  const { data: session } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the page's first screen shows was asked for with the page (main.tsx); its queries take those answers.
  useState(() => adoptAgentBoardAnswers(queryClient));
  const [params, setParams] = useSearchParams();
  // Type-only import: the gate stays out of this chunk.
  const { walletIndicator } = useOutletContext<GatedOutletContext | undefined>() ?? {};
  const tab: DashboardTab = DASHBOARD_TABS.find((item) => item.key === params.get('tab'))?.key ?? 'agentboard';
  // Every agent, for the tabs that pick among them; the AgentBoard reads its own pages.
  const agents = useAgents({
    enabled: tab === 'review' || tab === 'inbox' || tab === 'terminal' || tab === 'analytics',
  });
  const role = useCurrentRole();
  const waitingDrafts = useWaitingDraftCount();
  const waitingConversations = useWaitingConversationCount();
  const view = params.get('view');
  useSendTimeZone();

  // Spec §2: back from create or edit returns to the AgentBoard, and the list is reloaded.
  const [isBackOnBoard, setBackOnBoard] = useState(false);
  const showBoard = useCallback(() => {
    setBackOnBoard(true);
    setParams({});
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.agents });
  }, [setParams, queryClient]);

  const content =
    tab === 'review' ? (
      <ReviewPanel
        agents={agents.data ?? []}
        may={role ? { approve: can(role, 'approve'), compose: can(role, 'compose') } : undefined}
        composeAt={params.get('compose') ?? undefined}
        isLoadingAgents={agents.isPending}
        onComposeClosed={() => setParams({ tab: 'review' })}
      />
    ) : tab === 'inbox' ? (
      <InboxPanel agents={agents.data ?? []} />
    ) : tab === 'terminal' ? (
      <TerminalPanel agents={agents.data ?? []} isLoadingAgents={agents.isPending} />
    ) : tab === 'calendar' ? (
      // A free slot clicked in the Calendar opens the composer in Review at that time (?compose=2026-11-25T14:00).
      <CalendarPanel onCompose={(localTime) => setParams({ tab: 'review', compose: localTime })} />
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
          takesFocus={isBackOnBoard}
          onCreate={() => setParams({ view: 'create' })}
          onEdit={(agentId) => setParams({ view: 'manage', agent: agentId })}
          // The usage line is read again after a run, not only every 30 s.
          onTriggered={() => {
            void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.usage });
            // A run of an agent with review on adds a draft: the Review tab's count follows.
            void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.drafts });
            // A post may use the day's last one: "Next post at …" moves to tomorrow.
            invalidatePostingTimes(queryClient);
          }}
        />
      </>
    );

  return (
    <DashboardPage
      email={session?.user.email}
      walletIndicator={walletIndicator}
      workspaceSwitcher={<WorkspaceSwitcher />}
      isSigningOut={signOut.isPending}
      onSignOut={() => signOut.mutate(undefined, { onSuccess: () => void navigate(PATHS.login, { replace: true }) })}
      tab={tab}
      onTabChange={(next) => setParams(next === 'agentboard' ? {} : { tab: next })}
      onTabIntent={preloadTab}
      tabLabels={{
        review: <ReviewTabLabel count={waitingDrafts} />,
        inbox: <InboxTabLabel count={waitingConversations} />,
      }}
    >
      <Suspense fallback={<PanelLoading />}>{content}</Suspense>
    </DashboardPage>
  );
};
export default DashboardRoute;
