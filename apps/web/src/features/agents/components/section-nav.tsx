import { useEffect, useRef, type MouseEvent } from 'react';
import { sectionAnchor } from '../../../lib/ui/section-anchor.ts';
import { useActiveSection } from '../lib/use-active-section.ts';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The form's sections, always in view: a left rail on wide screens, a sticky bar that scrolls sideways on phones.
 * Links (real anchors, so they work without script and announce as links) move both the view and the keyboard focus
 * to the section; the section being read is marked with aria-current.
 */
export const SectionNav = ({ sections, className = '' }: { sections: readonly string[]; className?: string }) => {
  const ids = sections.map(sectionAnchor);
  const active = useActiveSection(ids);
  const barRef = useRef<HTMLUListElement>(null);

  // On the phone bar, keep the current section's link visible; scrolling the bar itself never moves the page.
  useEffect(() => {
    const bar = barRef.current;
    const link = bar?.querySelector<HTMLElement>('[aria-current="location"]');
    if (!bar || !link || bar.scrollWidth <= bar.clientWidth) return;
    bar.scrollTo({ left: link.offsetLeft - bar.clientWidth / 2 + link.offsetWidth / 2 });
  }, [active]);

  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    // Not the router's business, and the URL should not change for an in-page jump.
    event.preventDefault();
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };

  return (
    <nav
      aria-label="Form sections"
      className={`sticky top-0 z-20 -mx-5 min-w-0 border-b border-ink-700 bg-ink-900/95 px-5 py-2 backdrop-blur lg:top-6 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none ${className}`}
    >
      <p className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-400 uppercase lg:block">Sections</p>
      <ul ref={barRef} className="flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible">
        {sections.map((title, index) => {
          const id = ids[index] ?? sectionAnchor(title);
          const isActive = id === active;
          return (
            <li key={id} className="shrink-0">
              <a
                href={`#${id}`}
                onClick={(event) => jump(event, id)}
                aria-current={isActive ? 'location' : undefined}
                className={`block rounded-lg px-3 py-1.5 text-sm whitespace-nowrap focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 lg:border-l-2 lg:whitespace-normal ${
                  isActive
                    ? 'bg-brand-500/15 font-medium text-white lg:border-brand-400'
                    : 'text-slate-400 hover:bg-ink-800 hover:text-slate-100 lg:border-transparent'
                }`}
              >
                {title}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
