import { useFormContext } from 'react-hook-form';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { fieldError } from '../../lib/field-error.ts';
import { StringListField } from './string-list-field.tsx';

/** Models an OpenAI-compatible endpoint commonly serves; any other name can be typed. */
const MODEL_SUGGESTIONS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'o4-mini',
  'llama3.1',
  'mistral-large-latest',
];

export const NameAndDescriptionFields = () => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  return (
    <>
      <TextField
        label="Name"
        required
        hint="Shown as the author of every post, like a display name."
        error={fieldError(formState.errors, 'name')}
        {...register('name')}
      />
      <TextareaField
        label="Description"
        required
        rows={2}
        hint="One line on what the agent is about; it shapes what it writes."
        error={fieldError(formState.errors, 'description')}
        {...register('description')}
      />
    </>
  );
};

/** Both forms' sample posts: the voice the agent matches. */
export const SamplePostsField = () => (
  <StringListField
    name="sample_posts"
    label="Sample posts"
    itemLabel="Sample post"
    addLabel="Add sample post"
    hint="Posts in the voice you want: the agent matches their style."
  />
);

export const PromptField = () => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  return (
    <TextareaField
      label="Prompt"
      required
      rows={6}
      hint="How the agent writes: its voice and rules. Say who it is, its tone, what it writes about and what it never does; it leads the instructions the model gets for every post."
      error={fieldError(formState.errors, 'prompt')}
      {...register('prompt')}
    />
  );
};

export const ModelField = () => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  return (
    <>
      <TextField
        label="Model"
        list="model-suggestions"
        hint="The AI model that writes the posts. Default gpt-4o. This server's operator chooses the provider (OpenAI or another service); type any model name it offers, or pick a common one."
        error={fieldError(formState.errors, 'model')}
        {...register('model')}
      />
      <datalist id="model-suggestions">
        {MODEL_SUGGESTIONS.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
    </>
  );
};

export const CustomContextField = () => {
  const { register, formState } = useFormContext<AgentFieldsInput>();
  return (
    <TextareaField
      label="Custom context"
      rows={5}
      hint="Facts the agent should know: your product, your audience, what to avoid. Saved as a text file with the training data."
      error={fieldError(formState.errors, 'custom_context')}
      {...register('custom_context')}
    />
  );
};
