import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { BRAND } from '../../../config/brand.ts';
import { useHeaderMenu } from '../lib/use-header-menu.ts';

type DashboardHeaderProps = {
  email: string | undefined;
  /** The wallet indicator, supplied by the wallet gate once a wallet is connected. */
  walletIndicator?: ReactNode;
  /** The workspace switcher (features/workspaces), composed in by the route. */
  workspaceSwitcher?: ReactNode;
  onSignOut: () => void;
  isSigningOut: boolean;
  /** The page it heads: the Agent Builder's header links back to the dashboard where the dashboard's links to it. */
  page?: 'dashboard' | 'agent-builder';
};

/**
 * Spec §2's header, on the dashboard and the Agent Builder alike. Below 768 px (the spec's mobile width) its items fold into a menu behind one button; the same
 * elements serve both layouts, so each control and test id exists once.
 */
export const DashboardHeader = ({
  email,
  walletIndicator,
  workspaceSwitcher,
  onSignOut,
  isSigningOut,
  page = 'dashboard',
}: DashboardHeaderProps) => {
  const { isOpen, toggle, close, buttonRef, panelRef, onPanelBlur } = useHeaderMenu();
  const menuItem = 'w-full justify-start py-3 text-base md:w-auto md:justify-center md:py-2 md:text-sm';

  return (
    <header className="relative border-b border-ink-700/60 bg-ink-900/90">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-5 py-4 md:flex-wrap">
        <div className="min-w-0">
          <BrandMark className="text-lg" />
          <p className="mt-0.5 text-xs text-slate-400">{BRAND.tagline}</p>
        </div>
        <button
          ref={buttonRef}
          type="button"
          className={buttonClasses('ghost', 'shrink-0 px-3 md:hidden')}
          aria-expanded={isOpen}
          aria-controls="dashboard-menu"
          aria-label={isOpen ? 'Close menu' : 'Open menu'}
          onClick={toggle}
        >
          <span aria-hidden="true" className="text-xl leading-none">
            {isOpen ? '✕' : '☰'}
          </span>
        </button>
        <div
          id="dashboard-menu"
          ref={panelRef}
          onBlur={onPanelBlur}
          className={`${isOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-40 flex-col items-stretch gap-1 border-y border-ink-700 bg-ink-900 px-5 pt-2 pb-4 shadow-xl md:static md:flex md:flex-row md:flex-wrap md:items-center md:gap-3 md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
        >
          {workspaceSwitcher}
          {walletIndicator}
          {page === 'dashboard' ? (
            <Link to={PATHS.agentBuilder} onClick={close} className={buttonClasses('ghost', menuItem)}>
              Agent Builder
            </Link>
          ) : (
            <Link to={PATHS.dashboard} onClick={close} className={buttonClasses('ghost', menuItem)}>
              Dashboard
            </Link>
          )}
          <span
            className="order-first truncate border-b border-ink-700 px-4 py-3 text-sm text-slate-300 md:order-none md:border-0 md:p-0"
            data-testid="user-email"
          >
            {email || 'User'}
          </span>
          <Link to={PATHS.settings} onClick={close} className={buttonClasses('ghost', menuItem)}>
            Settings
          </Link>
          <button
            type="button"
            onClick={onSignOut}
            disabled={isSigningOut}
            className={buttonClasses('secondary', 'mt-2 w-full py-3 text-base md:mt-0 md:w-auto md:py-2 md:text-sm')}
          >
            Sign Out
          </button>
        </div>
      </div>
    </header>
  );
};
