import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { APPROVAL_LABELS, APPROVAL_OPTIONS, type AgentFieldsInput } from '@agentcast/contracts/agents';

const HINT = 'Turned off, the agent posts on its own again; drafts already waiting stay in the Review tab.';

/**
 * Issue 36 §3: who approves each post before it goes out. Off is the default, so an agent created without saying
 * posts on its own as the spec describes.
 */
export const ApprovalField = () => {
  const { register } = useFormContext<AgentFieldsInput>();
  const id = useId();
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-200">Review before posting</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-400">
        {HINT}
      </p>
      <div className="mt-2 space-y-2">
        {APPROVAL_OPTIONS.map((approval) => (
          <div key={approval} className="flex items-start gap-3">
            <input
              id={`${id}-${approval}`}
              type="radio"
              value={approval}
              className="mt-1 size-4 shrink-0 cursor-pointer accent-brand-500"
              aria-describedby={`${id}-${approval}-hint`}
              {...register('approval')}
            />
            <div>
              <label htmlFor={`${id}-${approval}`} className="block cursor-pointer text-sm text-slate-200">
                {APPROVAL_LABELS[approval].label}
              </label>
              <p id={`${id}-${approval}-hint`} className="text-xs text-slate-400">
                {APPROVAL_LABELS[approval].hint}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
};
