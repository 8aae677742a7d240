import { useId, type ComponentPropsWithRef } from 'react';
import { describedByIds, FieldMessage, inputClasses } from './field-message.tsx';

type TextareaFieldProps = ComponentPropsWithRef<'textarea'> & { label: string; hint?: string; error?: string };

export const TextareaField = ({ label, hint, error, id, rows = 4, ...textareaProps }: TextareaFieldProps) => {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  return (
    <div>
      <label htmlFor={textareaId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <textarea
        id={textareaId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(textareaId, { hint, error })}
        className={inputClasses(Boolean(error))}
        {...textareaProps}
      />
      <FieldMessage id={textareaId} hint={hint} error={error} />
    </div>
  );
};
