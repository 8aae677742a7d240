import { useEffect, useRef, type ReactNode } from 'react';

// recharts' z-index layers: <g> elements it renders into through React portals.
const UNTABBED_LAYERS = 'g[class*="recharts-zIndex-layer"]:not([tabindex])';

/**
 * Keeps a chart out of the tab order. React listens for focus and key events on every portal container, and
 * Chromium makes an SVG element with such listeners focusable, so each of recharts 3.11's layer groups became a Tab
 * stop inside a picture hidden from assistive technology. tabindex="-1" takes them out again, as recharts itself
 * did before 3.11 (recharts#6687, undone by #7805).
 */
export const ChartFrame = ({ children }: { children: ReactNode }) => {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const untab = () => {
      for (const layer of element.querySelectorAll(UNTABBED_LAYERS)) layer.setAttribute('tabindex', '-1');
    };
    untab();
    // The layers come with the chart's first measured render and again when it redraws.
    const observer = new MutationObserver(untab);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <div ref={frame}>{children}</div>;
};
