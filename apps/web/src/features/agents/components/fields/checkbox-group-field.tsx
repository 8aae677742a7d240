import { useId, type ReactNode } from 'react';
import { useController, useFormContext, type Path } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { fieldError } from '../../lib/field-error.ts';

type CheckboxGroupName = Extract<Path<AgentFieldsInput>, 'activities' | 'data_sources' | `${string}.clients`>;

type CheckboxGroupFieldProps = {
  name: CheckboxGroupName;
  legend: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  /** Notes about the options chosen, under them (inside the group, so they are read with it). */
  children?: ReactNode;
};

/** A set of options, any number of which can be chosen. */
export const CheckboxGroupField = ({ name, legend, options, hint, children }: CheckboxGroupFieldProps) => {
  const { control, formState } = useFormContext<AgentFieldsInput>();
  const { field } = useController({ control, name });
  const chosen = (field.value as string[] | undefined) ?? [];
  const error = fieldError(formState.errors, name);
  const id = useId();
  const toggle = (value: string) =>
    field.onChange(chosen.includes(value) ? chosen.filter((entry) => entry !== value) : [...chosen, value]);

  return (
    <fieldset aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-400">
          {hint}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`inline-flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
              chosen.includes(option.value)
                ? 'border-brand-400 bg-brand-500/15 text-white'
                : 'border-ink-600 text-slate-300'
            }`}
          >
            <input
              type="checkbox"
              className="accent-brand-500"
              checked={chosen.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-300">
          {error}
        </p>
      )}
    </fieldset>
  );
};
