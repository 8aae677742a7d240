import type { BillableCall, PlatformCosts } from '@agentcast/contracts/costs';
import { COST_MESSAGES, describeBillableCalls, formatUsd } from '@agentcast/contracts/costs-constants';
import { Notice } from '../../../components/ui/notice.tsx';
import { useCosts } from '../api/usage-query.ts';

const describeCalls = (calls: Partial<Record<BillableCall, number>>) =>
  Object.entries(calls)
    .map(([call, units]) => describeBillableCalls(call as BillableCall, units))
    .join(', ');

/**
 * The meter alone, for the dashboard and its tests: the month's total, each agent's share (and budget) when opened,
 * and a banner for each agent its budget has stopped.
 */
export const CostLine = ({ costs }: { costs: PlatformCosts }) => (
  <>
    <details className="mt-1 text-sm text-slate-300" data-testid="cost-meter">
      <summary className="cursor-pointer rounded">
        Platform costs this month: <span className="font-semibold text-white">{formatUsd(costs.total.usd)}</span>
        <span className="text-slate-400"> · estimated from X’s prices for each post and read</span>
      </summary>
      {costs.agents.length === 0 ? (
        <p className="mt-2 text-slate-400">No agent has made a billable call this month.</p>
      ) : (
        <ul className="mt-2 space-y-1" aria-label="Platform costs by agent">
          {costs.agents.map((agent) => (
            <li key={agent.agent_id}>
              <span className="font-medium text-white">{agent.name}</span>: {formatUsd(agent.usd)}
              {agent.budget_usd !== null && ` of ${formatUsd(agent.budget_usd)} budget`}
              {Object.keys(agent.calls).length > 0 && (
                <span className="text-slate-400"> — {describeCalls(agent.calls)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </details>
    {costs.agents
      .filter((agent) => agent.budget_reached && agent.budget_usd !== null)
      .map((agent) => (
        <div key={agent.agent_id} className="mt-3">
          <Notice tone="error">
            {COST_MESSAGES.budgetReachedBanner(agent.name, agent.budget_usd ?? 0, agent.usd)}
          </Notice>
        </div>
      ))}
  </>
);

/** Issue 17 §7: what the agents' platform calls cost this month, so that an agent running on its own is not a surprise. */
export const CostMeter = () => {
  const costs = useCosts();
  if (costs.data) return <CostLine costs={costs.data} />;
  return (
    <p className="mt-1 text-sm text-slate-400">
      {costs.isError ? 'This month’s platform costs could not be read.' : 'Reading this month’s platform costs…'}
    </p>
  );
};
