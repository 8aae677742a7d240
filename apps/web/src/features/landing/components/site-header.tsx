import { useState } from 'react';
import { PATHS, SIGN_UP_PATH } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';

const NAV_LINKS = [
  { href: '#content', label: 'Content' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#contact', label: 'Contact' },
] as const;

/**
 * Before hydration the screen is unknown (the page is prerendered), so both the menu toggle and the inline nav are
 * in the markup, each in a display:contents wrapper that the same breakpoint as MOBILE_MEDIA_QUERY hides: the
 * prerendered page already looks right at any width. Once the script runs, only the one that applies is rendered.
 */
const LAYOUT_BY_CSS = {
  toggle: 'hidden [@media(max-width:768px)]:contents',
  nav: 'contents [@media(max-width:768px)]:hidden',
};

export const SiteHeader = () => {
  const isMobile = useIsMobile();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const closeMenu = () => setIsMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-700/60 bg-ink-900/85 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-5 py-4">
        <a href={PATHS.home} aria-label="Agentcast home">
          <BrandMark />
        </a>
        {isMobile !== false && (
          <div className={isMobile === undefined ? LAYOUT_BY_CSS.toggle : 'contents'}>
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
          </div>
        )}
        {isMobile !== true && (
          <div className={isMobile === undefined ? LAYOUT_BY_CSS.nav : 'contents'}>
            <nav aria-label="Main" className="flex items-center gap-8">
              {NAV_LINKS.map((link) => (
                <a key={link.href} href={link.href} className="text-sm font-medium text-slate-300 hover:text-white">
                  {link.label}
                </a>
              ))}
              <a href={PATHS.login} className="text-sm font-medium text-slate-300 hover:text-white">
                Log in
              </a>
              <a href={SIGN_UP_PATH} className={buttonClasses('primary')}>
                Launch Your Agent
              </a>
            </nav>
          </div>
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
          <a href={PATHS.login} onClick={closeMenu} className={buttonClasses('secondary', 'mt-3 w-full py-3')}>
            Log in
          </a>
          <a href={SIGN_UP_PATH} onClick={closeMenu} className={buttonClasses('primary', 'mt-3 w-full py-3')}>
            Launch Your Agent
          </a>
        </nav>
      )}
    </header>
  );
};
