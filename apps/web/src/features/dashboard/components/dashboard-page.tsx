import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SkipLink } from '../../../components/ui/skip-link.tsx';
import { useKeepFocusInSight } from '../lib/use-keep-focus-in-sight.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

export const DASHBOARD_TABS = [
  { key: 'agentboard', label: 'AgentBoard' },
  { key: 'terminal', label: 'Terminal' },
  { key: 'review', label: 'Review' },
  { key: 'inbox', label: 'Inbox' },
  { key: 'calendar', label: 'Calendar' },
  { key: 'analytics', label: 'Analytics' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['key'];

/** How long the arrival notice ("Successfully logged in!") stays. */
const ARRIVAL_NOTICE_MS = 5000;

type DashboardPageProps = {
  email: string | undefined;
  /** From the wallet gate: the connected wallet's address, shortened. */
  walletIndicator?: ReactNode;
  /** The header's workspace switcher, composed in by the route. */
  workspaceSwitcher?: ReactNode;
  onSignOut: () => void;
  isSigningOut: boolean;
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  /** The pointer or focus is on a tab: a chance to fetch what it shows before it is chosen. */
  onTabIntent?: (tab: DashboardTab) => void;
  /** Labels that say more than the tab's name (the Review tab's count of waiting drafts). */
  tabLabels?: Partial<Record<DashboardTab, ReactNode>>;
  /** The content of the selected tab. */
  children: ReactNode;
};

const MAIN_ID = 'main-content';

/** The dashboard frame: header, the arrival notice, the AgentBoard, Terminal, Review, Inbox, Calendar and Analytics tabs. */
export const DashboardPage = ({
  email,
  walletIndicator,
  workspaceSwitcher,
  onSignOut,
  isSigningOut,
  tab,
  onTabChange,
  onTabIntent,
  tabLabels = {},
  children,
}: DashboardPageProps) => {
  const location = useLocation();
  useKeepFocusInSight();
  const [arrivalNotice, setArrivalNotice] = useState<string | undefined>(
    (location.state as { notice?: string } | null)?.notice,
  );

  useEffect(() => {
    if (!arrivalNotice) return;
    const timer = setTimeout(() => setArrivalNotice(undefined), ARRIVAL_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [arrivalNotice]);
  // The welcome belongs to the first view: once the person opens a form or another tab it would only push that
  // view's first field down (below the fold on a phone).
  const arrivalSearch = useRef(location.search);
  useEffect(() => {
    if (location.search !== arrivalSearch.current) setArrivalNotice(undefined);
  }, [location.search]);

  return (
    <div className="min-h-screen">
      <SkipLink target={MAIN_ID} />
      <DashboardHeader
        email={email}
        walletIndicator={walletIndicator}
        workspaceSwitcher={workspaceSwitcher}
        onSignOut={onSignOut}
        isSigningOut={isSigningOut}
      />
      {/* tabIndex -1: the skip link moves the keyboard's focus here, not only the view. */}
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-5 py-8 focus:outline-none">
        {/* The tabs carry the visible titles; the page's own name is for screen readers and the outline. */}
        <h1 className="sr-only">Dashboard</h1>
        {arrivalNotice && (
          <div className="mb-6">
            <Notice tone="success" onDismiss={() => setArrivalNotice(undefined)}>
              {arrivalNotice}
            </Notice>
          </div>
        )}
        <Tabs
          items={DASHBOARD_TABS.map((item) => ({ ...item, label: tabLabels[item.key] ?? item.label }))}
          selected={tab}
          onSelect={onTabChange}
          onIntent={onTabIntent}
          label="Dashboard sections"
        >
          {children}
        </Tabs>
      </main>
    </div>
  );
};
