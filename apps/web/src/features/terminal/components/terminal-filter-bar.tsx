import { useEffect, useId, useState } from 'react';
import { POSTING_PLATFORMS, type PostingPlatform } from '@agentcast/contracts/connections';
import { platformName } from '@agentcast/contracts/publishing';
import { TERMINAL_SEARCH_MAX, TERMINAL_STATUS_FILTERS, type TerminalStatusFilter } from '@agentcast/contracts/terminal';
import type { TerminalFilters } from '../api/terminal-query.ts';

export type TerminalAgent = { id: string; name: string };

const STATUS_LABEL: Record<TerminalStatusFilter, string> = {
  posted: 'Posted',
  not_posted: 'Not posted',
  draft: 'Drafts',
  removed: 'Deleted',
};

/** Typing is not a query per key: the search is sent once the person pauses. */
const SEARCH_PAUSE_MS = 300;

const FIELD = 'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-slate-100';

type FilterBarProps = {
  agents: TerminalAgent[];
  filters: TerminalFilters;
  onChange: (filters: TerminalFilters) => void;
};

/** Which agent (all by default), which status and platform, and words to find: all answered by the server. */
export const TerminalFilterBar = ({ agents, filters, onChange }: FilterBarProps) => {
  const id = useId();
  const [search, setSearch] = useState(filters.q ?? '');
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (filters.q ?? '')) return;
    const timer = setTimeout(() => onChange({ ...filters, q: trimmed || undefined }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" role="search" aria-label="Filter the terminal">
      <div>
        <label htmlFor={`${id}-agent`} className="block text-xs text-slate-400">
          Agent
        </label>
        <select
          id={`${id}-agent`}
          value={filters.agentId}
          onChange={(event) => onChange({ ...filters, agentId: event.target.value })}
          className={FIELD}
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="block text-xs text-slate-400">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={filters.status ?? ''}
          onChange={(event) =>
            onChange({ ...filters, status: (event.target.value || undefined) as TerminalStatusFilter | undefined })
          }
          className={FIELD}
        >
          <option value="">Any status</option>
          {TERMINAL_STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-platform`} className="block text-xs text-slate-400">
          Platform
        </label>
        <select
          id={`${id}-platform`}
          value={filters.platform ?? ''}
          onChange={(event) =>
            onChange({ ...filters, platform: (event.target.value || undefined) as PostingPlatform | undefined })
          }
          className={FIELD}
        >
          <option value="">Any platform</option>
          {POSTING_PLATFORMS.map((platform) => (
            <option key={platform} value={platform}>
              {platformName(platform)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-search`} className="block text-xs text-slate-400">
          Search posts
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          maxLength={TERMINAL_SEARCH_MAX}
          placeholder="Words in the post"
          onChange={(event) => setSearch(event.target.value)}
          className={FIELD}
        />
      </div>
    </div>
  );
};
