import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pricing } from './pricing.tsx';

const renderPricing = () =>
  render(
    <MemoryRouter>
      <Pricing />
    </MemoryRouter>,
  );

const priceOf = (plan: string) => screen.getByTestId(`price-${plan}`).textContent;

describe('Pricing', () => {
  it('shows the monthly figures of spec §9 first', () => {
    renderPricing();
    expect(priceOf('starter')).toContain('$150/month');
    expect(priceOf('pro')).toContain('$250/month');
    expect(priceOf('enterprise')).toContain('Custom');
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches every figure to the yearly price and discount', async () => {
    renderPricing();
    const monthly = ['starter', 'pro', 'enterprise'].map(priceOf);

    await userEvent.click(screen.getByRole('button', { name: 'Yearly' }));

    expect(priceOf('starter')).toContain('$1350/year');
    expect(priceOf('starter')).toContain('25% off');
    expect(priceOf('pro')).toContain('$2400/year');
    expect(priceOf('pro')).toContain('20% off');
    expect(priceOf('enterprise')).toContain('Up to 60% off');
    ['starter', 'pro', 'enterprise'].forEach((plan, index) => expect(priceOf(plan)).not.toBe(monthly[index]));
  });

  it('lists each plan’s limits', () => {
    renderPricing();
    const starter = screen.getByRole('heading', { name: 'Starter' }).closest('li') as HTMLElement;
    const pro = screen.getByRole('heading', { name: 'Pro' }).closest('li') as HTMLElement;
    expect(within(starter).getByText('2 posts, memes or videos a day')).toBeInTheDocument();
    expect(within(starter).getByText('Up to 50 replies a day')).toBeInTheDocument();
    expect(within(pro).getByText('15 posts a day')).toBeInTheDocument();
    expect(within(pro).getByText('Up to 300 replies a day')).toBeInTheDocument();
    expect(within(pro).getByText('5 social accounts')).toBeInTheDocument();
  });
});
