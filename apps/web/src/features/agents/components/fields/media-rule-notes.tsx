import { useFormContext, useWatch } from 'react-hook-form';
import { AGENT_MESSAGES, CLIENT_LABELS, CLIENT_OPTIONS, type AgentFieldsInput } from '@agentcast/contracts/agents';
import { PLATFORM_MEDIA_REQUIREMENTS } from '@agentcast/contracts/publishing-constants';
import { buttonClasses } from '../../../../lib/ui/button-classes.ts';

/**
 * Issue 41 §6: a platform's media rule (Instagram a picture or a video, YouTube a video) shows as soon as it is
 * ticked under Post to, with whether this agent's media meet it and, when not, the one switch that does.
 */
export const MediaRuleNotes = () => {
  const { control, setValue, trigger, formState } = useFormContext<AgentFieldsInput>();
  const [clients, meme, graphic, video] = useWatch({
    control,
    name: ['post_configuration.clients', 'meme', 'graphic', 'video'],
  });
  const ruled = CLIENT_OPTIONS.filter((client) => clients?.includes(client) && PLATFORM_MEDIA_REQUIREMENTS[client]);
  if (ruled.length === 0) return null;

  const turnOn = (flag: 'video' | 'graphic') => {
    setValue(flag, true, { shouldDirty: true });
    // The save's refusal under Post to goes once the media are there.
    if (formState.errors.post_configuration?.clients) void trigger('post_configuration.clients');
  };

  return (
    <ul className="mt-3 space-y-2 text-xs" aria-label="Media these platforms need">
      {ruled.map((client) => {
        const requirement = PLATFORM_MEDIA_REQUIREMENTS[client] ?? 'image-or-video';
        const isMet = requirement === 'video' ? Boolean(video) : Boolean(meme || graphic || video);
        const flag = requirement === 'video' ? 'video' : 'graphic';
        return (
          <li
            key={client}
            className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${isMet ? 'text-slate-300' : 'text-amber-200'}`}
          >
            <span>{AGENT_MESSAGES.mediaRule(CLIENT_LABELS[client], requirement, isMet)}</span>
            {!isMet && (
              <button type="button" className={buttonClasses('secondary')} onClick={() => turnOn(flag)}>
                {flag === 'video' ? 'Turn on Video' : 'Turn on Graphics'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
};
