import { useState } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { useIsMobile } from '../use-is-mobile.ts';

const NAV_LINKS = [
  { href: '#content', label: 'Content' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

export const SiteHeader = () => {
  const isMobile = useIsMobile();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-700/60 bg-ink-900/85 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-5 py-4">
        <Link to={PATHS.home} aria-label="Agentcast home">
          <BrandMark />
        </Link>
        {isMobile ? (
          <button
            type="button"
            className={buttonClasses('ghost', 'px-3')}
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            <span aria-hidden="true" className="text-xl leading-none">
              {isMenuOpen ? '✕' : '☰'}
            </span>
          </button>
        ) : (
          <nav aria-label="Main" className="flex items-center gap-8">
            {NAV_LINKS.map((link) => (
              <a key={link.href} href={link.href} className="text-sm font-medium text-slate-300 hover:text-white">
                {link.label}
              </a>
            ))}
            <Link to={PATHS.login} className={buttonClasses('primary')}>
              Launch Your Agent
            </Link>
          </nav>
        )}
      </div>
      {isMobile && isMenuOpen && (
        <nav id="mobile-menu" aria-label="Main" className="border-t border-ink-700 px-5 pb-5">
          <ul className="flex flex-col gap-1 pt-3">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={closeMenu}
                  className="block rounded-lg px-3 py-3 text-base text-slate-200 hover:bg-ink-800"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <Link to={PATHS.login} onClick={closeMenu} className={buttonClasses('primary', 'mt-3 w-full py-3')}>
            Launch Your Agent
          </Link>
        </nav>
      )}
    </header>
  );
};
