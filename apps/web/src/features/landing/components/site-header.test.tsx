import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from './site-header.tsx';

const renderAt = (width: number) => {
  window.innerWidth = width;
  return render(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );
};

afterEach(() => vi.restoreAllMocks());

describe('SiteHeader', () => {
  it('shows the Content, Pricing and Contact anchors inline on a desktop', () => {
    renderAt(1280);
    expect(screen.getByRole('link', { name: 'Content' })).toHaveAttribute('href', '#content');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('shows a menu toggle at 768px that opens and closes the menu', async () => {
    renderAt(768);
    expect(screen.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Pricing' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(screen.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
  });

  it('shows the menu toggle on a mobile user agent even on a wide screen', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
    );
    renderAt(1280);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
  });
});
