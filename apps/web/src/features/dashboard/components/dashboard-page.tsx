import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Notice } from '../../../components/ui/notice.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { AgentBoardPanel } from './agent-board-panel.tsx';
import { DashboardHeader } from './dashboard-header.tsx';
import { TerminalPanel } from './terminal-panel.tsx';

const DASHBOARD_TABS = [
  { key: 'agentboard', label: 'AgentBoard' },
  { key: 'terminal', label: 'Terminal' },
] as const;
type DashboardTab = (typeof DASHBOARD_TABS)[number]['key'];

/** How long the arrival notice ("Successfully logged in!") stays. */
const ARRIVAL_NOTICE_MS = 5000;

type DashboardPageProps = {
  email: string | undefined;
  onSignOut: () => void;
  isSigningOut: boolean;
};

export const DashboardPage = ({ email, onSignOut, isSigningOut }: DashboardPageProps) => {
  const location = useLocation();
  const [tab, setTab] = useState<DashboardTab>('agentboard');
  const [arrivalNotice, setArrivalNotice] = useState<string | undefined>((location.state as { notice?: string } | null)?.notice);

  useEffect(() => {
    if (!arrivalNotice) return;
    const timer = setTimeout(() => setArrivalNotice(undefined), ARRIVAL_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [arrivalNotice]);

  return (
    <div className="min-h-screen">
      <DashboardHeader email={email} onSignOut={onSignOut} isSigningOut={isSigningOut} />
      <main className="mx-auto max-w-6xl px-5 py-8">
        {arrivalNotice && (
          <div className="mb-6">
            <Notice tone="success" onDismiss={() => setArrivalNotice(undefined)}>
              {arrivalNotice}
            </Notice>
          </div>
        )}
        <Tabs items={DASHBOARD_TABS} selected={tab} onSelect={setTab} label="Dashboard sections">
          {tab === 'agentboard' ? <AgentBoardPanel /> : <TerminalPanel />}
        </Tabs>
      </main>
    </div>
  );
};
