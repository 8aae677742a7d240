import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { VIDEO_PRIVACY_LABELS, VIDEO_PRIVACY_OPTIONS, type AgentFieldsInput } from '@agentcast/contracts/agents';
import { describedByIds, FieldMessage, inputClasses } from '../../../../components/ui/field-message.tsx';
import { fieldError } from '../../lib/field-error.ts';

const HINT =
  'The agent’s videos are uploaded to YouTube as Shorts with this privacy. Private: only you see them, until you change it here or in YouTube Studio.';

/**
 * Who may watch the videos the agent uploads to YouTube: asked only once YouTube is among the places it posts to.
 * Private by default, so nothing is public before a person decides it.
 */
export const VideoPrivacyField = () => {
  const { register, control, formState } = useFormContext<AgentFieldsInput>();
  const clients = useWatch({ control, name: 'post_configuration.clients' }) ?? [];
  const id = useId();
  if (!clients.includes('youtube')) return null;
  const error = fieldError(formState.errors, 'video_privacy');
  return (
    <div className="max-w-lg">
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        YouTube video privacy
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds(id, { hint: HINT, error })}
        className={inputClasses(Boolean(error))}
        {...register('video_privacy')}
      >
        {VIDEO_PRIVACY_OPTIONS.map((privacy) => (
          <option key={privacy} value={privacy}>
            {VIDEO_PRIVACY_LABELS[privacy]}
          </option>
        ))}
      </select>
      <FieldMessage id={id} hint={HINT} error={error} />
    </div>
  );
};
