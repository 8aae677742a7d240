import { useId, type ComponentPropsWithRef } from 'react';

type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: string; hint?: string };

/** A checkbox named by its label alone; the hint describes it (read after the name, not as part of it). */
export const CheckboxField = ({ label, hint, id, className = '', ...inputProps }: CheckboxFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={inputId}
        type="checkbox"
        className="mt-1 size-4 shrink-0 cursor-pointer accent-brand-500"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        {...inputProps}
      />
      <div>
        <label htmlFor={inputId} className="block cursor-pointer text-sm font-medium text-slate-200">
          {label}
        </label>
        {hint && (
          <p id={`${inputId}-hint`} className="text-xs text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
};
