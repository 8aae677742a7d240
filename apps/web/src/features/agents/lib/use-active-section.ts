import { useEffect, useState } from 'react';
import { activeSection } from './active-section.ts';

/** Share of the viewport height below its top where a section counts as the one being read. */
const READING_LINE = 0.3;

/**
 * The id of the section in view, followed on scroll and resize (once per frame). Positions are measured rather than
 * observed so that sections appearing and disappearing (Post and Chat Configuration) need no re-subscription.
 */
export const useActiveSection = (ids: readonly string[]) => {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(' ');

  useEffect(() => {
    const sectionIds = key.split(' ');
    let frame = 0;
    const measure = () => {
      frame = 0;
      const positions = sectionIds.flatMap((id) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      const scroller = document.scrollingElement ?? document.documentElement;
      setActive(
        activeSection(positions, {
          readingLine: window.innerHeight * READING_LINE,
          atBottom: scroller.scrollTop > 0 && scroller.scrollTop + window.innerHeight >= scroller.scrollHeight - 2,
        }),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [key]);

  return active;
};
