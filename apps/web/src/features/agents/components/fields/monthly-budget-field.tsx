import { useFormContext } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { DEFAULT_PLATFORM_PRICES, formatUsd } from '@agentcast/contracts/costs';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/field-error.ts';

/** An empty box is "no limit" (null), not 0 or NaN. */
const budgetValue = (value: string | number | null) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Issue 17 §7: the most the agent's billable platform calls may cost in a month. X bills every post and read; an
 * agent running on its own should not spend money nobody sees.
 */
export const MonthlyBudgetField = () => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  const prices = DEFAULT_PLATFORM_PRICES;
  return (
    <TextField
      label="Monthly platform budget (USD)"
      type="number"
      min={0.01}
      step={0.01}
      inputMode="decimal"
      placeholder="No limit"
      hint={`Counts only X's paid API calls, which cost real money: X bills each post (${formatUsd(prices['x.post'])}, ${formatUsd(prices['x.post_with_url'])} with a link) and each post it reads (${formatUsd(prices['x.read'])}). When the next post would pass this amount, the agent stops posting to X, reading its mentions and reading its posts' metrics until next month. Empty: no limit.`}
      error={fieldError(formState.errors, 'monthly_budget_usd')}
      className="max-w-lg"
      {...register('monthly_budget_usd', { setValueAs: budgetValue })}
    />
  );
};
