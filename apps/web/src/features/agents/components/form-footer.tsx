import type { ReactNode } from 'react';

/**
 * The submit button and the form's messages, stuck to the bottom of the viewport while the form is on screen: the
 * button is always within reach and a failure is shown where the person clicked.
 */
export const FormFooter = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <div
    className={`sticky bottom-0 z-10 -mx-2 space-y-3 border-t border-ink-700 bg-ink-900 px-2 pt-3 pb-4 shadow-[0_-12px_24px_-12px_rgb(0_0_0/0.6)] ${className}`}
  >
    {children}
  </div>
);
