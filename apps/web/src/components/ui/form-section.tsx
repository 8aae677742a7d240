import type { ReactNode } from 'react';
import { sectionAnchor } from '../../lib/ui/section-anchor.ts';

/**
 * A titled group of fields (a fieldset, so screen readers announce the section with each field). Its id comes from
 * the title so a section navigation can jump to it; focusable by script so a jump also moves the keyboard there, and
 * its scroll margin keeps the title clear of a sticky bar above it.
 */
export const FormSection = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <fieldset
    id={sectionAnchor(title)}
    tabIndex={-1}
    className="min-w-0 scroll-mt-20 rounded-2xl border border-ink-700 bg-ink-800/50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 sm:p-6 lg:scroll-mt-6"
  >
    <legend className="px-2 text-lg font-semibold text-white">{title}</legend>
    {description && <p className="mb-4 text-sm text-slate-400">{description}</p>}
    <div className="space-y-5">{children}</div>
  </fieldset>
);
