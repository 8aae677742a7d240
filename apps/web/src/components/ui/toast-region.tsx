import type { ReactNode } from 'react';

/**
 * Where a banner shows when the person may be anywhere on a long page: fixed at the top of the viewport, so a
 * confirmation after a save at the bottom of a form is seen. Clicks pass through around the banner itself.
 */
export const ToastRegion = ({ children }: { children: ReactNode }) => (
  <div className="pointer-events-none fixed inset-x-0 top-3 z-50 flex justify-center px-3">
    <div className="pointer-events-auto w-full max-w-lg rounded-lg bg-ink-900 shadow-xl shadow-black/40 empty:hidden">
      {children}
    </div>
  </div>
);
