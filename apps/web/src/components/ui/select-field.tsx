import { useId, type ComponentPropsWithRef } from 'react';
import { describedByIds, FieldMessage, inputClasses } from './field-message.tsx';

type SelectFieldProps = ComponentPropsWithRef<'select'> & { label: string; hint?: string; error?: string };

/** A labelled select (its options are the children) with its hint and error tied to it, as TextField does. */
export const SelectField = ({ label, hint, error, id, className = '', children, ...selectProps }: SelectFieldProps) => {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(selectId, { hint, error })}
        className={inputClasses(Boolean(error))}
        {...selectProps}
      >
        {children}
      </select>
      <FieldMessage id={selectId} hint={hint} error={error} />
    </div>
  );
};
