import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { BRAND } from '../../../config/brand.ts';

type DashboardHeaderProps = {
  email: string | undefined;
  /** The wallet indicator, supplied by the wallet gate once a wallet is connected. */
  walletIndicator?: ReactNode;
  onSignOut: () => void;
  isSigningOut: boolean;
};

export const DashboardHeader = ({ email, walletIndicator, onSignOut, isSigningOut }: DashboardHeaderProps) => (
  <header className="border-b border-ink-700/60 bg-ink-900/90">
    <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-5 py-4">
      <div>
        <BrandMark className="text-lg" />
        <p className="mt-0.5 text-xs text-slate-400">{BRAND.tagline}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {walletIndicator}
        <Link to={PATHS.agentBuilder} className={buttonClasses('ghost')}>
          Agent Builder
        </Link>
        <span className="text-sm text-slate-300" data-testid="user-email">
          {email || 'User'}
        </span>
        <Link to={PATHS.settings} className={buttonClasses('ghost')}>
          Settings
        </Link>
        <button type="button" onClick={onSignOut} disabled={isSigningOut} className={buttonClasses('secondary')}>
          Sign Out
        </button>
      </div>
    </div>
  </header>
);
