import { CONVERSATION_CLIENTS } from '@agentcast/contracts/agents-constants';
import { INBOX_STATE_LABELS, INBOX_STATES } from '@agentcast/contracts/inbox-constants';
import type { InboxPage } from '@agentcast/contracts/inbox';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { SelectField } from '../../../components/ui/select-field.tsx';
import type { InboxFilters as Filters } from '../api/inbox-query.ts';

type InboxFiltersProps = {
  agents: readonly { id: string; name: string }[];
  filters: Filters;
  counts: InboxPage['counts'] | undefined;
  onChange: (filters: Filters) => void;
};

/** Which messages the Inbox lists: one agent's, one platform's, in one state (each state with its count). */
export const InboxFilters = ({ agents, filters, counts, onChange }: InboxFiltersProps) => {
  const total = counts ? INBOX_STATES.reduce((sum, state) => sum + counts[state], 0) : undefined;
  const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  const stateOptions = INBOX_STATES.map((state) => ({
    key: state,
    label: withCount(INBOX_STATE_LABELS[state], counts?.[state]),
  }));
  return (
    <div className="flex flex-wrap items-end gap-4">
      <SelectField
        label="Agent"
        className="w-full sm:w-52"
        value={filters.agentId ?? ''}
        onChange={(event) => onChange({ ...filters, agentId: event.target.value || undefined })}
      >
        <option value="">All agents</option>
        {agents.map((agent) => (
          <option key={agent.id} value={agent.id}>
            {agent.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Platform"
        className="w-full sm:w-44"
        value={filters.platform ?? ''}
        onChange={(event) => onChange({ ...filters, platform: event.target.value || undefined })}
      >
        <option value="">All platforms</option>
        {CONVERSATION_CLIENTS.map((platform) => (
          <option key={platform} value={platform}>
            {platformName(platform)}
          </option>
        ))}
      </SelectField>
      {/* Pills that wrap, not a toggle bar: five states with counts do not fit a phone's width in one row. */}
      <div role="group" aria-label="State" className="flex flex-wrap gap-1.5">
        {[{ key: 'all' as const, label: withCount('All', total) }, ...stateOptions].map((option) => {
          const isSelected = (filters.state ?? 'all') === option.key;
          return (
            <button
              key={option.key}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onChange({ ...filters, state: option.key === 'all' ? undefined : option.key })}
              className={`whitespace-nowrap rounded-full border px-3 py-1.5 text-xs font-semibold transition-colors ${
                isSelected
                  ? 'border-brand-500 bg-ink-700 text-white'
                  : 'border-ink-600 bg-ink-950 text-slate-400 hover:text-white'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
};
