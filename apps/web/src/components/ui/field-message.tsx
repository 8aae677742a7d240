/** The hint or the error under a field; ids let the field point at them with aria-describedby. */
export const describedByIds = (id: string, { hint, error }: { hint?: string; error?: string }) =>
  [hint && !error && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

export const FieldMessage = ({ id, hint, error }: { id: string; hint?: string; error?: string }) => (
  <>
    {hint && !error && (
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        {hint}
      </p>
    )}
    {error && (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
        {error}
      </p>
    )}
  </>
);

export const inputClasses = (hasError: boolean) =>
  `mt-1.5 block w-full rounded-lg border bg-ink-950 px-3.5 py-2.5 text-slate-100 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-brand-400 ${
    hasError ? 'border-red-500/70' : 'border-ink-600'
  }`;
