import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

/**
 * jsdom has no layout, so no matchMedia: this one answers width queries from window.innerWidth, which tests set
 * to emulate a phone or a desktop.
 */
window.matchMedia = (query: string) => {
  const maxWidth = Number(query.match(/max-width:\s*(\d+)px/)?.[1] ?? Infinity);
  return {
    matches: window.innerWidth <= maxWidth,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
};

/** jsdom lays nothing out, so it has nothing to scroll: the call that brings new content into view does nothing. */
Element.prototype.scrollIntoView = () => undefined;
