import { lazy, type ComponentType } from 'react';
import type { DashboardTab } from '../../features/dashboard/components/dashboard-page.tsx';

/**
 * The component `name` of a module loaded on first render, and a way to ask for the module earlier (a tab the
 * pointer is over). React.lazy wants a default export: `name` says which export is the component.
 */
const lazyPanel = <Name extends string, Props>(load: () => Promise<Record<Name, ComponentType<Props>>>, name: Name) => {
  let loading: Promise<Record<Name, ComponentType<Props>>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      // Not remembered: a load that failed on hover is asked for again when the tab is chosen.
      loading = undefined;
      throw error;
    }));
  return { Component: lazy(async () => ({ default: (await preload())[name] })), preload };
};

// The dashboard's tabs and sub-views other than the AgentBoard, one chunk each: the board a member lands on does not
// wait for the forms (react-hook-form), the review queue's previews, the calendar or the analytics tab.
const review = lazyPanel(() => import('../../features/review/components/review-panel.tsx'), 'ReviewPanel');
const inbox = lazyPanel(() => import('../../features/inbox/components/inbox-panel.tsx'), 'InboxPanel');
const terminal = lazyPanel(() => import('../../features/terminal/components/terminal-panel.tsx'), 'TerminalPanel');
const calendar = lazyPanel(() => import('../../features/calendar/components/calendar-panel.tsx'), 'CalendarPanel');
const analytics = lazyPanel(() => import('../../features/analytics/components/analytics-panel.tsx'), 'AnalyticsPanel');
const createAgent = lazyPanel(
  () => import('../../features/agents/components/create-agent-screen.tsx'),
  'CreateAgentScreen',
);
const manageAgents = lazyPanel(
  () => import('../../features/agents/components/managed-agents-screen.tsx'),
  'ManagedAgentsScreen',
);

export const ReviewPanel = review.Component;
export const InboxPanel = inbox.Component;
export const TerminalPanel = terminal.Component;
export const CalendarPanel = calendar.Component;
export const AnalyticsPanel = analytics.Component;
export const CreateAgentScreen = createAgent.Component;
export const ManagedAgentsScreen = manageAgents.Component;

/** What a tab shows, asked for while the pointer or focus is on it, so the click rarely waits for code. */
export const preloadTab = (tab: DashboardTab) => {
  const panels: Partial<Record<DashboardTab, { preload: () => Promise<unknown> }>> = {
    review,
    inbox,
    terminal,
    calendar,
    analytics,
  };
  void panels[tab]?.preload().catch(() => undefined);
};
