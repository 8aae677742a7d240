import { useId, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext, type Path } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { FieldMessage, describedByIds, inputClasses } from '../../../../components/ui/field-message.tsx';
import { fieldError } from '../../lib/field-error.ts';

type TagListName = Extract<
  Path<AgentFieldsInput>,
  `${string}.topics` | `${string}.reply_to_usernames` | `reply_guards.${'allow' | 'block'}_list`
>;

type TagListFieldProps = { name: TagListName; label: string; placeholder: string; hint?: string };

/** Short entries (topics, usernames) added with Enter or the Add button, shown as removable chips. */
export const TagListField = ({ name, label, placeholder, hint }: TagListFieldProps) => {
  const { control, formState } = useFormContext<AgentFieldsInput>();
  const { field } = useController({ control, name });
  const values = (field.value as string[] | undefined) ?? [];
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const error = fieldError(formState.errors, name);

  const add = () => {
    const entry = draft.trim();
    if (entry && !values.includes(entry)) field.onChange([...values, entry]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={add}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds(inputId, { hint, error })}
          className={inputClasses(Boolean(error))}
        />
        <button type="button" className={buttonClasses('secondary', 'mt-1.5')} onClick={add}>
          Add
        </button>
      </div>
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-ink-700 py-1 pr-1 pl-3 text-sm text-slate-100"
            >
              {value}
              <button
                type="button"
                aria-label={`Remove ${value}`}
                className="rounded-full px-1.5 text-slate-400 hover:bg-ink-600 hover:text-white"
                onClick={() => field.onChange(values.filter((entry) => entry !== value))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id={inputId} hint={hint} error={error} />
    </div>
  );
};
