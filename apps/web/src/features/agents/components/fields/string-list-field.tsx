import { useEffect, useId, useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { inputClasses } from '../../../../components/ui/field-message.tsx';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';

type StringListFieldProps = { name: 'sample_posts'; label: string; itemLabel: string; addLabel: string; hint?: string };

/** Rows of free text with add and remove (empty rows are dropped on save). */
export const StringListField = ({ name, label, itemLabel, addLabel, hint }: StringListFieldProps) => {
  const { control } = useFormContext<AgentFieldsInput>();
  const { field } = useController({ control, name });
  const values = field.value ?? [];
  const headingId = useId();
  // Where focus goes after the rows change (issue 41 §8): the row "+ Add…" made, so the person types at once; after
  // a removal the row that took its place, or "+ Add…" when none is left (-1).
  const focusIndex = useRef<number>(undefined);
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // After the render that drew the changed rows.
  useEffect(() => {
    if (focusIndex.current === undefined) return;
    const row = list.current?.querySelectorAll('textarea')[focusIndex.current];
    (row ?? addButton.current)?.focus();
    focusIndex.current = undefined;
  });

  return (
    <div role="group" aria-labelledby={headingId} aria-describedby={hint ? `${headingId}-hint` : undefined}>
      <p id={headingId} className="text-sm font-medium text-slate-200">
        {label}
      </p>
      {hint && (
        <p id={`${headingId}-hint`} className="mt-0.5 text-xs text-slate-400">
          {hint}
        </p>
      )}
      <ul ref={list} className="mt-2 space-y-2">
        {values.map((value, index) => (
          <li key={index} className="flex items-start gap-2">
            <textarea
              aria-label={`${itemLabel} ${index + 1}`}
              rows={2}
              value={value}
              onChange={(event) => field.onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
              className={`${inputClasses(false)} mt-0`}
            />
            <button
              type="button"
              className={buttonClasses('ghost', 'px-3')}
              aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
              onClick={() => {
                field.onChange(values.filter((_, at) => at !== index));
                focusIndex.current = Math.min(index, values.length - 2);
              }}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <button
        ref={addButton}
        type="button"
        className={buttonClasses('secondary', 'mt-2')}
        onClick={() => {
          field.onChange([...values, '']);
          focusIndex.current = values.length;
        }}
      >
        + {addLabel}
      </button>
    </div>
  );
};
