import { useId } from 'react';
import { ANALYTICS_PERIOD_DAYS } from '@agentcast/contracts/analytics';
import { ToggleGroup } from '../../../components/ui/toggle-group.tsx';
import type { AnalyticsFilter } from '../api/analytics-query.ts';

export type AnalyticsAgent = { id: string; name: string };

const PERIODS = ANALYTICS_PERIOD_DAYS.map((days) => ({ key: String(days), label: `${days} days` }));

type FiltersProps = {
  agents: readonly AnalyticsAgent[];
  filter: AnalyticsFilter;
  onChange: (filter: AnalyticsFilter) => void;
};

/** Whose posts (all agents, or one) and over which period: the figures and the CSV follow both. */
export const AnalyticsFilters = ({ agents, filter, onChange }: FiltersProps) => {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-agent`} className="block text-xs text-slate-400">
          Agent
        </label>
        <select
          id={`${id}-agent`}
          value={filter.agentId}
          onChange={(event) => onChange({ ...filter, agentId: event.target.value })}
          className="mt-1 w-56 max-w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-slate-100"
        >
          <option value="">All agents</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
        </select>
      </div>
      <ToggleGroup
        label="Period"
        options={PERIODS}
        selected={String(filter.days)}
        onSelect={(key) => {
          const days = ANALYTICS_PERIOD_DAYS.find((period) => String(period) === key);
          if (days) onChange({ ...filter, days });
        }}
      />
    </div>
  );
};
