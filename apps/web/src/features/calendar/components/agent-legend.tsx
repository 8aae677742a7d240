import type { CalendarAgent } from '@agentcast/contracts/calendar';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import type { AgentColor } from '../lib/agent-colors.ts';
import { describeAgentPlan } from '../lib/describe-agent-plan.ts';

type AgentLegendProps = {
  agents: CalendarAgent[];
  colors: ReadonlyMap<string, AgentColor>;
  plannedSlots: ReadonlyMap<string, number>;
  hidden: ReadonlySet<string>;
  onToggleShown: (agentId: string) => void;
  onPauseChange: (agent: CalendarAgent, paused: boolean) => void;
  pendingAgent: string | undefined;
  formatTime: (date: Date) => string;
};

/** Each agent's colour, state and next post, with Pause/Resume and whether its entries are shown. */
export const AgentLegend = ({
  agents,
  colors,
  plannedSlots,
  hidden,
  onToggleShown,
  onPauseChange,
  pendingAgent,
  formatTime,
}: AgentLegendProps) => (
  <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Agents on the calendar">
    {agents.map((agent) => (
      <li
        key={agent.agent_id}
        aria-label={agent.name}
        className="flex items-start gap-3 rounded-xl border border-ink-700 bg-ink-800/60 px-3 py-2.5"
      >
        <input
          type="checkbox"
          checked={!hidden.has(agent.agent_id)}
          onChange={() => onToggleShown(agent.agent_id)}
          aria-label={`Show ${agent.name} on the calendar`}
          className="mt-1 size-4 shrink-0 accent-brand-500"
        />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-white">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${colors.get(agent.agent_id)?.dot}`} />
            <span className="min-w-0 truncate">{agent.name}</span>
            {agent.paused && (
              <span className="rounded-full bg-slate-500/20 px-2 py-0.5 text-[11px] font-medium text-slate-300">
                Paused
              </span>
            )}
            {agent.review_before_posting && (
              <span className="rounded-full bg-amber-500/15 px-2 py-0.5 text-[11px] font-medium text-amber-200">
                Review
              </span>
            )}
          </p>
          <p className="mt-0.5 text-xs text-slate-400" data-testid="agent-plan">
            {describeAgentPlan(agent, plannedSlots.get(agent.agent_id) ?? 0, formatTime)}
          </p>
        </div>
        <button
          type="button"
          className={buttonClasses('secondary', 'shrink-0 px-3 py-1 text-xs')}
          onClick={() => onPauseChange(agent, !agent.paused)}
          disabled={pendingAgent === agent.agent_id}
          aria-label={`${agent.paused ? 'Resume' : 'Pause'} ${agent.name}`}
        >
          {agent.paused ? 'Resume' : 'Pause'}
        </button>
      </li>
    ))}
  </ul>
);
