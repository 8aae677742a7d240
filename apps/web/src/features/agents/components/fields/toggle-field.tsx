import { useFormContext, type Path } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';

type ToggleName = Extract<
  Path<AgentFieldsInput>,
  'meme' | 'graphic' | 'video' | `${string}.enabled` | `${string}.reply_to_replies`
>;

export const ToggleField = ({ name, label, hint }: { name: ToggleName; label: string; hint?: string }) => {
  const { register } = useFormContext<AgentFieldsInput>();
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input type="checkbox" className="mt-1 size-4 accent-brand-500" {...register(name)} />
      <span>
        <span className="block text-sm font-medium text-slate-200">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
};
