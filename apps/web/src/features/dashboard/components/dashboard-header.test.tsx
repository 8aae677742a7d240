import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { DashboardHeader } from './dashboard-header.tsx';

const renderHeader = () => {
  const onSignOut = vi.fn();
  renderWithProviders(
    <>
      <DashboardHeader email="ada@example.com" onSignOut={onSignOut} isSigningOut={false} />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSignOut, menuButton: screen.getByRole('button', { name: 'Open menu' }) };
};

describe('DashboardHeader menu (the compact layout below 768 px)', () => {
  it('opens with its first item focused and closes on Escape, focus back on its button', async () => {
    const { menuButton } = renderHeader();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveAttribute('aria-controls', 'dashboard-menu');

    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('link', { name: 'Agent Builder' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('closes on a click outside, and when a link in it is followed', async () => {
    const { menuButton } = renderHeader();
    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the e-mail and Sign Out', async () => {
    const { onSignOut, menuButton } = renderHeader();
    await userEvent.click(menuButton);
    expect(screen.getByTestId('user-email')).toHaveTextContent('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});

describe('DashboardHeader on the Agent Builder', () => {
  it('links back to the dashboard where the dashboard links to the Agent Builder', () => {
    renderWithProviders(
      <DashboardHeader page="agent-builder" email="ada@example.com" onSignOut={vi.fn()} isSigningOut={false} />,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Agent Builder' })).not.toBeInTheDocument();
    expect(screen.getByTestId('user-email')).toHaveTextContent('ada@example.com');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });
});
