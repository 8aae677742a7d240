import { useId, useState } from 'react';
import { TERMINAL_MESSAGES } from '@agentcast/contracts/terminal';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTerminalMessages, useTerminalStream } from '../api/terminal-query.ts';
import { TerminalEntry } from './terminal-entry.tsx';

export type TerminalAgent = { id: string; name: string };

/** Spec §2, Terminal: pick one of your agents and watch what it produced, live. */
export const TerminalPanel = ({ agents, isLoadingAgents }: { agents: TerminalAgent[]; isLoadingAgents: boolean }) => {
  const selectId = useId();
  const [chosenId, setChosenId] = useState('');
  const agentId = agents.some((agent) => agent.id === chosenId) ? chosenId : (agents[0]?.id ?? '');
  const agentName = agents.find((agent) => agent.id === agentId)?.name ?? '';
  const terminal = useTerminalMessages(agentId);
  useTerminalStream(agentId);
  const messages = terminal.data?.pages.flatMap((page) => page.messages) ?? [];

  return (
    <section aria-labelledby="terminal-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="terminal-title" className="text-2xl font-bold text-white">
          Terminal
        </h2>
        {agents.length > 0 && (
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor={selectId} className="block text-xs text-slate-400">
                Agent
              </label>
              <select
                id={selectId}
                value={agentId}
                onChange={(event) => setChosenId(event.target.value)}
                className="mt-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-slate-100"
              >
                {agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name}
                  </option>
                ))}
              </select>
            </div>
            <button
              type="button"
              className={buttonClasses('secondary')}
              onClick={() => void terminal.refetch()}
              disabled={terminal.isFetching}
            >
              {terminal.isFetching && !terminal.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
            </button>
          </div>
        )}
      </div>
      <div className="mt-6 space-y-3">
        {!isLoadingAgents && agents.length === 0 && <EmptyState text={TERMINAL_MESSAGES.noAgents} />}
        {terminal.isError && <Notice tone="error">{TERMINAL_MESSAGES.fetchFailed(terminal.error.message)}</Notice>}
        {terminal.isSuccess && messages.length === 0 && <EmptyState text={TERMINAL_MESSAGES.empty} />}
        {messages.length > 0 && (
          <ul className="space-y-3" aria-label="Terminal messages" aria-live="polite">
            {messages.map((message) => (
              <TerminalEntry key={message.message_id} message={message} agentName={agentName} />
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
