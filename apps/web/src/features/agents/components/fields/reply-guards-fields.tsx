import { useFormContext, useWatch } from 'react-hook-form';
import { REPLY_GUARD_LIMITS, type AgentFieldsInput } from '@agentcast/contracts/agents';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/field-error.ts';
import { TagListField } from './tag-list-field.tsx';

/**
 * Issue 34 §4: what keeps an agent that answers people from running away — caps per conversation and per person,
 * bot-loop detection, who it answers, and hours it stays quiet. Asked only while the chat activity is on. A message
 * held back by a guard is kept in the terminal with the guard's sentence.
 */
export const ReplyGuardsFields = () => {
  const { register, control, formState } = useFormContext<AgentFieldsInput>();
  const activities = useWatch({ control, name: 'activities' }) ?? [];
  if (!activities.includes('chat')) return null;
  const error = (name: string) => fieldError(formState.errors, name);
  const whole = { type: 'number', step: 1, inputMode: 'numeric' } as const;
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-800 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-100">Reply guards</legend>
      <p className="text-xs text-slate-400">
        Keep the agent from answering too much, or another bot forever. A message it does not answer stays in the
        Terminal with the reason.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Answers per conversation"
          {...whole}
          min={REPLY_GUARD_LIMITS.maxPerConversation.min}
          max={REPLY_GUARD_LIMITS.maxPerConversation.max}
          hint="At most this many answers in one thread."
          error={error('reply_guards.max_per_conversation')}
          {...register('reply_guards.max_per_conversation', { valueAsNumber: true })}
        />
        <TextField
          label="Answers per person a day"
          {...whole}
          min={REPLY_GUARD_LIMITS.maxPerAuthorPerDay.min}
          max={REPLY_GUARD_LIMITS.maxPerAuthorPerDay.max}
          hint="At most this many answers to one account a day (UTC)."
          error={error('reply_guards.max_per_author_per_day')}
          {...register('reply_guards.max_per_author_per_day', { valueAsNumber: true })}
        />
        <TextField
          label="Bot loop: messages in a row"
          {...whole}
          min={REPLY_GUARD_LIMITS.loopMessages.min}
          max={REPLY_GUARD_LIMITS.loopMessages.max}
          hint="An account whose last this many messages each answered the agent at once is a bot: it is not answered."
          error={error('reply_guards.loop_messages')}
          {...register('reply_guards.loop_messages', { valueAsNumber: true })}
        />
        <TextField
          label="Bot loop: within seconds"
          {...whole}
          min={REPLY_GUARD_LIMITS.loopSeconds.min}
          max={REPLY_GUARD_LIMITS.loopSeconds.max}
          hint="“At once”: within this many seconds of the agent's answer."
          error={error('reply_guards.loop_seconds')}
          {...register('reply_guards.loop_seconds', { valueAsNumber: true })}
        />
      </div>
      <TagListField
        name="reply_guards.allow_list"
        label="Only answer these accounts"
        placeholder="@handle — press Enter to add"
        hint="Empty: the agent answers anyone (but the accounts below)."
      />
      <TagListField
        name="reply_guards.block_list"
        label="Never answer these accounts"
        placeholder="@handle — press Enter to add"
      />
      <div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Quiet hours from"
            type="time"
            error={error('reply_guards.quiet_hours')}
            {...register('reply_guards.quiet_hours.start')}
          />
          <TextField label="Quiet hours until" type="time" {...register('reply_guards.quiet_hours.end')} />
        </div>
        <p className="mt-1 text-xs text-slate-400">
          In your time zone (Settings). Messages that come meanwhile are answered when the quiet hours end. Both empty:
          no quiet hours.
        </p>
      </div>
    </fieldset>
  );
};
