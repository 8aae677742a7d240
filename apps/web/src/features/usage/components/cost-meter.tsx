import { describeBillableCalls, type BillableCall, type PlatformCosts } from '@agentcast/contracts/costs';
import { useCosts } from '../api/usage-query.ts';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});

const describeCalls = (calls: Partial<Record<BillableCall, number>>) =>
  Object.entries(calls)
    .map(([call, units]) => describeBillableCalls(call as BillableCall, units))
    .join(', ');

/** The meter alone, for the dashboard and its tests: the month's total, and each agent's share when opened. */
export const CostLine = ({ costs }: { costs: PlatformCosts }) => (
  <details className="mt-1 text-sm text-slate-300" data-testid="cost-meter">
    <summary className="cursor-pointer rounded">
      Platform costs this month: <span className="font-semibold text-white">{dollars.format(costs.total.usd)}</span>
      <span className="text-slate-400"> · estimated from X’s prices for each post and read</span>
    </summary>
    {costs.agents.length === 0 ? (
      <p className="mt-2 text-slate-400">No agent has made a billable call this month.</p>
    ) : (
      <ul className="mt-2 space-y-1" aria-label="Platform costs by agent">
        {costs.agents.map((agent) => (
          <li key={agent.agent_id}>
            <span className="font-medium text-white">{agent.name}</span>: {dollars.format(agent.usd)}
            <span className="text-slate-400"> — {describeCalls(agent.calls)}</span>
          </li>
        ))}
      </ul>
    )}
  </details>
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
