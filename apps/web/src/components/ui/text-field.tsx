import { useId, type ComponentPropsWithRef } from 'react';
import { describedByIds, FieldMessage, inputClasses } from './field-message.tsx';

type TextFieldProps = ComponentPropsWithRef<'input'> & { label: string; hint?: string; error?: string };

/** A labelled input with its hint and its error message tied to it for screen readers. */
export const TextField = ({ label, hint, error, id, className = '', ...inputProps }: TextFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(inputId, { hint, error })}
        className={inputClasses(Boolean(error))}
        {...inputProps}
      />
      <FieldMessage id={inputId} hint={hint} error={error} />
    </div>
  );
};
