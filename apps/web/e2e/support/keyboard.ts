import { expect, type Page } from '@playwright/test';

/** What the keyboard lands on: a description for messages, and whether a sighted person can see it. */
type FocusStop = { key: string; describe: string; visible: boolean; indicated: boolean };

/** Marks and describes the focused element (the page keeps a `data-focus-key` on each element it has seen). */
const readFocus = (page: Page) =>
  page.evaluate((): FocusStop | null => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) return null;
    if (!element.dataset.focusKey) element.dataset.focusKey = String(Math.random()).slice(2);
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ringed = style.boxShadow !== 'none';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return {
      key: element.dataset.focusKey,
      describe: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${name}"`,
      visible: box.width > 0 && box.height > 0 && style.visibility !== 'hidden',
      indicated: outlined || ringed,
    };
  });

/**
 * Puts the keyboard's starting point before the first element of the page, as a fresh load does (blurring is not
 * enough: Chromium goes on from where the blurred element was). The marker removes itself when focus leaves it.
 */
const startFromTheTop = (page: Page) =>
  page.evaluate(() => {
    const marker = document.createElement('span');
    marker.tabIndex = -1;
    document.body.prepend(marker);
    marker.focus();
    marker.addEventListener('blur', () => marker.remove(), { once: true });
    window.scrollTo(0, 0);
  });

/** The name a keyboard user hears for the focused element: its label, or for a button or link its text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent;
    if (labelled) return labelled.trim();
    return element.matches('a, button, summary, [role="tab"]') ? (element.textContent ?? '').trim() : '';
  });

/**
 * Presses Tab from the top of the page until focus leaves the page or comes round again, and checks each stop: it
 * can be seen and it shows a focus indicator. Then checks that every control a mouse could use was among the stops
 * (a tab list and a radio group are one stop each: arrow keys move inside them). Answers the stops in order.
 */
export const expectEveryControlReachedByTab = async (page: Page, { maxStops = 250 } = {}) => {
  await startFromTheTop(page);
  const stops: FocusStop[] = [];
  for (let press = 0; press < maxStops; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await readFocus(page);
    // A video's own controls (play, volume, full screen…) are stops inside the one element.
    if (stop && stop.key === stops.at(-1)?.key) continue;
    if (!stop || stops.some((seen) => seen.key === stop.key)) break;
    stops.push(stop);
  }
  expect(
    stops.filter((stop) => !stop.visible).map((stop) => stop.describe),
    'focused but not visible',
  ).toEqual([]);
  expect(
    stops.filter((stop) => !stop.indicated).map((stop) => stop.describe),
    'no focus indicator',
  ).toEqual([]);

  const unreached = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])',
    );
    return Array.from(controls)
      .filter((element) => {
        if (element.dataset.focusKey) return false;
        if (element.matches(':disabled, [aria-disabled="true"], [role="tab"][tabindex="-1"]')) return false;
        if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) return false;
        // A file input is reached through its styled label; an iframe's own controls are its page's.
        if (element instanceof HTMLInputElement && element.type === 'hidden') return false;
        // Inside a closed <details> (its summary aside) a control keeps a box, but nobody can reach it, mouse or key.
        if (element.closest('details:not([open])') && !element.closest('summary')) return false;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
      })
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()}> "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40)}"`,
      );
  });
  expect(unreached, 'controls the keyboard never reached').toEqual([]);
  return stops;
};

/** Presses Tab until the focused element is `name`'s control (failing when it never comes), as a keyboard user would. */
export const tabTo = async (page: Page, name: RegExp, { maxStops = 120 } = {}) => {
  for (let press = 0; press < maxStops; press += 1) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached a control named ${name}`);
};
