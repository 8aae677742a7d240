import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CostLine } from './cost-meter.tsx';

describe('the cost meter', () => {
  it('shows the month’s total, and each agent’s cost and calls in words when opened', async () => {
    render(
      <CostLine
        costs={{
          month: '2026-11',
          total: { usd: 0.245, calls: { 'x.post': 2, 'x.post_with_url': 1, 'x.read': 3 } },
          agents: [
            {
              agent_id: 'a',
              name: 'Writer',
              usd: 0.23,
              calls: { 'x.post': 2, 'x.post_with_url': 1 },
              budget_usd: 5,
              budget_reached: false,
            },
            {
              agent_id: 'b',
              name: 'Reader',
              usd: 0.015,
              calls: { 'x.read': 3 },
              budget_usd: null,
              budget_reached: false,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText(/^Platform costs this month:/)).toHaveTextContent(
      'Platform costs this month: $0.245 · estimated from X’s prices for each post and read',
    );
    await userEvent.click(screen.getByText(/^Platform costs this month:/));
    const agents = within(screen.getByRole('list', { name: 'Platform costs by agent' })).getAllByRole('listitem');
    expect(agents.map((item) => item.textContent)).toEqual([
      'Writer: $0.23 of $5.00 budget — 2 posts on X, 1 post on X with a link',
      'Reader: $0.015 — 3 posts read on X',
    ]);
  });

  it('says so when nothing billable happened yet', async () => {
    render(<CostLine costs={{ month: '2026-11', total: { usd: 0, calls: {} }, agents: [] }} />);
    expect(screen.getByText(/^Platform costs this month:/)).toHaveTextContent('$0.00');
    await userEvent.click(screen.getByText(/^Platform costs this month:/));
    expect(screen.getByText('No agent has made a billable call this month.')).toBeVisible();
  });

  it('puts up a banner for an agent its budget has stopped, saying how to resume it', () => {
    render(
      <CostLine
        costs={{
          month: '2026-11',
          total: { usd: 0.99, calls: { 'x.post': 66 } },
          agents: [
            {
              agent_id: 'a',
              name: 'Writer',
              usd: 0.99,
              calls: { 'x.post': 66 },
              budget_usd: 1,
              budget_reached: true,
            },
          ],
        }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Writer has reached its monthly budget of $1.00 ($0.99 spent): it stops posting to X, reading its mentions and reading its posts' metrics until next month. Raise its budget in the agent's settings to resume.",
    );
  });
});
