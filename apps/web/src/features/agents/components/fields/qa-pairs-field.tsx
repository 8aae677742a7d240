import { useFieldArray, useFormContext } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';
import { TextField } from '../../../../components/ui/text-field.tsx';

/** Question and answer pairs that show the agent how to reply; a pair needs both parts to be kept. */
export const QaPairsField = () => {
  const { control, register } = useFormContext<AgentFieldsInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'sample_questions' });

  return (
    <div role="group" aria-labelledby="qa-pairs-heading" aria-describedby="qa-pairs-hint">
      <p id="qa-pairs-heading" className="text-sm font-medium text-slate-200">
        Q&amp;A pairs
      </p>
      <p id="qa-pairs-hint" className="mt-0.5 text-xs text-slate-400">
        How the agent should answer common questions. A pair needs both parts.
      </p>
      <ul className="mt-2 space-y-3">
        {fields.map((pair, index) => (
          <li key={pair.id} className="grid gap-3 rounded-xl border border-ink-700 p-4 sm:grid-cols-[1fr_1fr_auto]">
            <TextField label={`Question ${index + 1}`} {...register(`sample_questions.${index}.question`)} />
            <TextField label={`Answer ${index + 1}`} {...register(`sample_questions.${index}.answer`)} />
            <button
              type="button"
              className={buttonClasses('ghost', 'self-end px-3')}
              aria-label={`Remove Q&A pair ${index + 1}`}
              onClick={() => remove(index)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={buttonClasses('secondary', 'mt-2')}
        onClick={() => append({ question: '', answer: '' })}
      >
        + Add Q&amp;A pair
      </button>
    </div>
  );
};
