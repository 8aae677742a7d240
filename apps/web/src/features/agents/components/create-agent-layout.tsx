import { FormSection } from '../../../components/ui/form-section.tsx';
import type { AgentFormParts } from './agent-form.tsx';
import { ActivitySections } from './activity-sections.tsx';
import { ActivitiesField, DataSourcesField, MediaFlagsFields } from './fields/agent-behavior-fields.tsx';
import {
  CustomContextField,
  ModelField,
  NameAndDescriptionFields,
  PromptField,
  SamplePostsField,
} from './fields/agent-text-fields.tsx';
import { QaPairsField } from './fields/qa-pairs-field.tsx';
import { ReplyGuardsFields } from './fields/reply-guards-fields.tsx';
import { MonthlyBudgetField } from './fields/monthly-budget-field.tsx';
import { ApprovalField } from './fields/approval-field.tsx';
import { TwitterCredentialsFields } from './fields/twitter-credentials-fields.tsx';
import { XThreadsField } from './fields/x-threads-field.tsx';

/** Spec §2, Create Agent: the sections in the spec's order; Post and Chat Configuration only when on. */
export const CreateAgentLayout = ({
  imagePicker,
  trainingFilesPicker,
  isPosting,
  isChatting,
  connectionField,
}: AgentFormParts) => (
  <>
    <FormSection title="Core Details">
      <NameAndDescriptionFields />
      {imagePicker}
    </FormSection>
    <FormSection title="Content & Personality">
      <PromptField />
      <SamplePostsField />
      <QaPairsField />
    </FormSection>
    <FormSection title="Training Data">
      {trainingFilesPicker}
      <CustomContextField />
    </FormSection>
    <FormSection title="Behavior & Configuration">
      <ActivitiesField />
      <ApprovalField />
      <XThreadsField />
      <MonthlyBudgetField />
      <ReplyGuardsFields />
      <DataSourcesField />
      <ModelField />
      <MediaFlagsFields />
    </FormSection>
    <FormSection
      title="Social Platforms & Credentials"
      description="The accounts this agent posts with. Without its own, it posts with yours from the Agent Builder."
    >
      {connectionField('x')}
      {connectionField('linkedin')}
      {connectionField('bluesky')}
      {connectionField('telegram')}
      {connectionField('discord')}
      {connectionField('mastodon')}
      {connectionField('farcaster')}
      {connectionField('threads')}
      {connectionField('facebook')}
      {connectionField('tiktok')}
      <TwitterCredentialsFields />
    </FormSection>
    <ActivitySections isPosting={isPosting} isChatting={isChatting} />
  </>
);
