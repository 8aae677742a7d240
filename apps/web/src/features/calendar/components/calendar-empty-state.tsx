import type { ReactNode } from 'react';

/** A calendar with nothing to show says why, in words. */
export const CalendarEmptyState = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-12 text-center">
    <p className="text-base font-semibold text-slate-200">{title}</p>
    {children && <p className="mt-2 text-sm text-slate-400">{children}</p>}
  </div>
);
