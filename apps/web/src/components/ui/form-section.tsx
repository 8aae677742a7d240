import type { ReactNode } from 'react';

/** A titled group of fields (a fieldset, so screen readers announce the section with each field). */
export const FormSection = ({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) => (
  <fieldset className="rounded-2xl border border-ink-700 bg-ink-800/50 p-6">
    <legend className="px-2 text-lg font-semibold text-white">{title}</legend>
    {description && <p className="mb-4 text-sm text-slate-400">{description}</p>}
    <div className="space-y-5">{children}</div>
  </fieldset>
);
