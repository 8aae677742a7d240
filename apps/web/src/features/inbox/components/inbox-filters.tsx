import { CONVERSATION_CLIENTS } from '@agentcast/contracts/agents-constants';
import { INBOX_STATE_LABELS, INBOX_STATES, type InboxState } from '@agentcast/contracts/inbox-constants';
import type { InboxPage } from '@agentcast/contracts/inbox';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { ToggleGroup } from '../../../components/ui/toggle-group.tsx';
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
      <div className="max-w-full overflow-x-auto">
        <ToggleGroup<InboxState | 'all'>
          label="State"
          options={[
            { key: 'all', label: withCount('All', total) },
            ...INBOX_STATES.map((state) => ({
              key: state,
              label: withCount(INBOX_STATE_LABELS[state], counts?.[state]),
            })),
          ]}
          selected={filters.state ?? 'all'}
          onSelect={(state) => onChange({ ...filters, state: state === 'all' ? undefined : state })}
        />
      </div>
    </div>
  );
};
