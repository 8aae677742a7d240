import { useFormContext } from 'react-hook-form';
import {
  ACTIVITY_OPTIONS,
  AGENT_DEFAULTS,
  CLIENT_LABELS,
  CLIENT_OPTIONS,
  DATA_SOURCE_OPTIONS,
  type AgentFieldsInput,
} from '@agentcast/contracts/agents';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { CHAT_CLIENT_OPTIONS } from '../../lib/chat-clients.ts';
import { CheckboxGroupField } from './checkbox-group-field.tsx';
import { fieldError } from '../../lib/field-error.ts';
import { PostingDayNote } from './posting-day-note.tsx';
import { MediaRuleNotes } from './media-rule-notes.tsx';
import { PlatformNotes } from './platform-notes.tsx';
import { TagListField } from './tag-list-field.tsx';
import { ToggleField } from './toggle-field.tsx';
import { FarcasterChannelField } from './farcaster-channel-field.tsx';
import { VideoPrivacyField } from './video-privacy-field.tsx';

const ACTIVITY_LABELS = { post: 'Post', chat: 'Chat' } as const;
const activityOptions = ACTIVITY_OPTIONS.map((value) => ({ value, label: ACTIVITY_LABELS[value] }));
const dataSourceOptions = DATA_SOURCE_OPTIONS.map((value) => ({ value, label: value }));
const postClientOptions = CLIENT_OPTIONS.map((value) => ({ value, label: CLIENT_LABELS[value] }));
const chatClientOptions = CHAT_CLIENT_OPTIONS.map((value) => ({ value, label: CLIENT_LABELS[value] }));

export const ActivitiesField = () => (
  <CheckboxGroupField
    name="activities"
    legend="Activities"
    options={activityOptions}
    hint="Post on a schedule, reply to people, or both."
  />
);

export const DataSourcesField = () => (
  <CheckboxGroupField
    name="data_sources"
    legend="Data sources"
    options={dataSourceOptions}
    hint="The kinds of information the agent is told to follow and write from: each one chosen is named in its instructions for every post. Pick those that fit its topics."
  />
);

export const MediaFlagsFields = () => (
  <div className="grid gap-4 sm:grid-cols-3">
    <ToggleField name="meme" label="Memes" hint="Add a meme image to posts" />
    <ToggleField name="graphic" label="Graphics" hint="Add a branded 1200×675 card" />
    <ToggleField name="video" label="Video" hint="Add a short animated clip" />
  </div>
);

/** agentId: the agent being edited (absent while creating one), for the note on how its interval posts. */
export const PostConfigurationFields = ({ agentId }: { agentId?: string }) => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  const { min, max } = AGENT_DEFAULTS.recommendedInterval;
  return (
    <>
      <ToggleField
        name="post_configuration.enabled"
        label="Posting enabled"
        hint="Turn off to pause scheduled posts without losing the settings."
      />
      <TextField
        label="Post interval (minutes)"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        hint={`Recommended: ${min}–${max} minutes.`}
        error={fieldError(formState.errors, 'post_configuration.interval')}
        className="max-w-xs"
        {...register('post_configuration.interval', { valueAsNumber: true })}
      />
      <PostingDayNote agentId={agentId} />
      <TagListField
        name="post_configuration.topics"
        label="Topics"
        placeholder="e.g. markets — press Enter to add"
        hint="What the agent posts about; each post picks one."
      />
      <CheckboxGroupField
        name="post_configuration.clients"
        legend="Post to"
        options={postClientOptions}
        hint="Where each post goes. Every platform but the Terminal needs a connected account: this agent's own, or yours from the Agent Builder."
      >
        <PlatformNotes name="post_configuration.clients" withXNote />
        <MediaRuleNotes />
      </CheckboxGroupField>
      <VideoPrivacyField />
      <FarcasterChannelField />
      <TagListField
        name="post_configuration.reply_to_usernames"
        label="Reply to these accounts"
        placeholder="@username — press Enter to add"
        hint="Kept with the post settings for the record: scheduled posts reply to no one, so the agent does not use this list. To have it answer these accounts' posts, add them under Chat Configuration's “Reply to these accounts”."
      />
    </>
  );
};

export const ChatConfigurationFields = () => (
  <>
    <ToggleField
      name="chat_configuration.enabled"
      label="Replies enabled"
      hint="Turn off to pause replies without losing the settings."
    />
    <ToggleField
      name="chat_configuration.reply_to_replies"
      label="Reply to replies"
      hint="Also answer people who reply to the agent's replies."
    />
    <CheckboxGroupField
      name="chat_configuration.clients"
      legend="Reply on"
      options={chatClientOptions}
      hint="Where the agent answers people who mention it."
    >
      <PlatformNotes name="chat_configuration.clients" />
    </CheckboxGroupField>
    <TagListField
      name="chat_configuration.reply_to_usernames"
      label="Reply to these accounts"
      placeholder="@username — press Enter to add"
      hint="The X accounts whose new posts the agent answers, besides the people who mention it. This is the list replies use; the one under Post Configuration is only kept with the post settings."
    />
  </>
);
