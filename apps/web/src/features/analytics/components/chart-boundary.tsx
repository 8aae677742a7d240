import { Component, type ReactNode } from 'react';

type State = { failed: boolean };

/**
 * A chart's chunk that does not arrive (offline, a deploy replaced it) costs the picture only: the figure keeps
 * its heading, summary and table, and says what happened instead of blanking the dashboard.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="flex h-full items-center justify-center text-center text-sm text-slate-400">
        The chart could not be loaded. Reload the page to try again.
      </p>
    );
  }
}
