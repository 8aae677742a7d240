/**
 * Longest wait for the first paint's report. A page opened in a background tab paints only when shown; past this it
 * goes on without the report, so it is never left without its script.
 */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Calls `then` once the prerendered page's text is on screen: when the browser reports its first contentful paint,
 * which it does after the frame was presented. Before that, a prerendered page needs nothing but its HTML and
 * stylesheet, and what it would fetch or run then shares the connection and the CPU with them. A frame callback is
 * not late enough for that: requestAnimationFrame and a task after it run before the frame reaches the screen, and
 * chunks asked for there often arrived before it (on a phone-sized Lighthouse run they then counted into the
 * headline's simulated paint, which went from ~1.0 s to ~1.9 s). Browsers without paint timing get that frame
 * callback instead.
 */
export const afterFirstPaint = (then: () => void) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  // Whichever comes first stops the other, so `then` runs once.
  const finish = () => {
    observer.disconnect();
    clearTimeout(fallback);
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) finish();
  });
  const fallback = setTimeout(finish, FIRST_PAINT_WAIT_MS);
  observer.observe({ type: 'paint', buffered: true });
};
