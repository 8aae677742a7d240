import { useId } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';

type ToggleName = Extract<
  Path<AgentFieldsInput>,
  'meme' | 'graphic' | 'video' | 'x_threads' | `${string}.enabled` | `${string}.reply_to_replies`
>;

/** A checkbox named by its label alone; the hint describes it (read after the name, not as part of it). */
export const ToggleField = ({ name, label, hint }: { name: ToggleName; label: string; hint?: string }) => {
  const { register } = useFormContext<AgentFieldsInput>();
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 cursor-pointer accent-brand-500"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...register(name)}
      />
      <div>
        <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-200">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
};
