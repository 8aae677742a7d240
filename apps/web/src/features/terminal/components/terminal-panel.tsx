import { useState } from 'react';
import { TERMINAL_MESSAGES } from '@agentcast/contracts/terminal';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTerminalMessages, useTerminalStream, type TerminalFilters } from '../api/terminal-query.ts';
import { TerminalEntry } from './terminal-entry.tsx';
import { TerminalFilterBar, type TerminalAgent } from './terminal-filter-bar.tsx';

export type { TerminalAgent };

/**
 * Spec §2, Terminal: what all your agents produced, live, newest first (all agents at first, so whatever was posted
 * shows, whichever agent made it); one agent, a status, a platform or words narrow it.
 */
export const TerminalPanel = ({ agents, isLoadingAgents }: { agents: TerminalAgent[]; isLoadingAgents: boolean }) => {
  const [chosen, setChosen] = useState<TerminalFilters>({ agentId: '' });
  // An agent deleted meanwhile is no longer offered: back to all agents.
  const filters = agents.some((agent) => agent.id === chosen.agentId) ? chosen : { ...chosen, agentId: '' };
  const terminal = useTerminalMessages(filters);
  useTerminalStream(filters);
  const messages = terminal.data?.pages.flatMap((page) => page.messages) ?? [];
  const names = new Map(agents.map((agent) => [agent.id, agent.name]));
  const isFiltered = Boolean(filters.status || filters.platform || filters.q);

  return (
    <section aria-labelledby="terminal-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="terminal-title" className="text-2xl font-bold text-white">
          Terminal
        </h2>
        {agents.length > 0 && (
          <button
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => void terminal.refetch()}
            disabled={terminal.isFetching}
          >
            {terminal.isFetching && !terminal.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
      </div>
      {agents.length > 0 && (
        <div className="mt-4">
          <TerminalFilterBar agents={agents} filters={filters} onChange={setChosen} />
        </div>
      )}
      <div className="mt-6 space-y-3">
        {!isLoadingAgents && agents.length === 0 && <EmptyState text={TERMINAL_MESSAGES.noAgents} />}
        {terminal.isError && <Notice tone="error">{TERMINAL_MESSAGES.fetchFailed(terminal.error.message)}</Notice>}
        {agents.length > 0 && terminal.isSuccess && messages.length === 0 && (
          <EmptyState text={isFiltered ? 'No messages match these filters' : TERMINAL_MESSAGES.empty} />
        )}
        {messages.length > 0 && (
          <ul className="space-y-3" aria-label="Terminal messages" aria-live="polite">
            {messages.map((message) => (
              <TerminalEntry
                key={message.message_id}
                message={message}
                agentName={names.get(message.agent_id) ?? ''}
                showAgent={filters.agentId === ''}
              />
            ))}
          </ul>
        )}
        {terminal.hasNextPage && (
          <button
            type="button"
            className={buttonClasses('ghost', 'w-full')}
            onClick={() => void terminal.fetchNextPage()}
            disabled={terminal.isFetchingNextPage}
          >
            {terminal.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
          </button>
        )}
      </div>
    </section>
  );
};

const EmptyState = ({ text }: { text: string }) => (
  <div className="rounded-2xl border border-ink-700 bg-ink-950 px-6 py-16 text-center font-mono text-sm text-slate-400">
    {text}
  </div>
);
