/**
 * The first stop of the keyboard on a page with a header: straight to the page's main content. Out of sight until
 * it has focus.
 */
export const SkipLink = ({ target, children = 'Skip to main content' }: { target: string; children?: string }) => (
  <a
    href={`#${target}`}
    className="sr-only rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
  >
    {children}
  </a>
);
