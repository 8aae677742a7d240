// Lighthouse's performance figures for one page, as `npm run bench` prints them (issue 19).
//
// Lighthouse 12.8.2 is the newest release that runs on Node 20 (13.x needs Node >= 22.19). It drives Debian's
// Chromium through chrome-launcher (a dependency of lighthouse) with its default settings: a Moto G Power-sized
// mobile screen, 4× CPU slowdown and simulated slow 4G, so the figures compare with the ones PageSpeed Insights shows.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type LighthouseFigures = { performance: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number };

const numericValue = (audits: Record<string, { numericValue?: number }>, id: string) => {
  const value = audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse returned no value for ${id}`);
  return value;
};

/**
 * Runs Lighthouse's performance category on `url` in a fresh headless Chromium (a clean profile each time, so no
 * cache is warm) and returns the score (0-100) and the metrics behind it. `extraHeaders` go with every request the
 * page makes, e.g. a session cookie for a signed-in page.
 */
export const runLighthouse = async (
  url: string,
  options?: { extraHeaders?: Record<string, string> },
): Promise<LighthouseFigures> => {
  // Lighthouse sometimes loses the trace of a load (NO_NAVSTART: "Please run Lighthouse again"); so do we, twice.
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, options);
    } catch (error) {
      if (attempt === 3 || !(error instanceof LighthouseRuntimeError)) throw error;
    }
  }
};

class LighthouseRuntimeError extends Error {}

const runLighthouseOnce = async (
  url: string,
  options?: { extraHeaders?: Record<string, string> },
): Promise<LighthouseFigures> => {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    // --no-sandbox: the bench may run as root (containers, CI), where Chromium refuses to start sandboxed.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: options?.extraHeaders ?? null,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse gave ${url} no performance score`);
    return {
      performance: Math.round(score * 100),
      lcpMs: numericValue(lhr.audits, 'largest-contentful-paint'),
      cls: numericValue(lhr.audits, 'cumulative-layout-shift'),
      tbtMs: numericValue(lhr.audits, 'total-blocking-time'),
      fcpMs: numericValue(lhr.audits, 'first-contentful-paint'),
    };
  } finally {
    chrome.kill();
  }
};
