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
import { KnowledgeStatus } from './fields/knowledge-status.tsx';
import { QaPairsField } from './fields/qa-pairs-field.tsx';
import { ReplyGuardsFields } from './fields/reply-guards-fields.tsx';
import { MonthlyBudgetField } from './fields/monthly-budget-field.tsx';
import { ApprovalField } from './fields/approval-field.tsx';
import { TwitterCredentialsFields } from './fields/twitter-credentials-fields.tsx';
import { XThreadsField } from './fields/x-threads-field.tsx';

/** Spec §2, Managed Agents: the edit form's sections, in the spec's order. */
export const EditAgentLayout = ({
  agent,
  contextKnowledge,
  imagePicker,
  trainingFilesPicker,
  isPosting,
  isChatting,
  connectionField,
}: AgentFormParts) => (
  <>
    <FormSection title="Basic Information">
      <NameAndDescriptionFields />
      {imagePicker}
    </FormSection>
    <FormSection title="AI Configuration">
      <PromptField />
      <ModelField />
      <SamplePostsField />
      <QaPairsField />
    </FormSection>
    <FormSection title="Data & Activities">
      <DataSourcesField />
      <ActivitiesField />
      {/* The spec's edit form has no Behavior & Configuration: its behaviour lives here, beside the activities. */}
      <ApprovalField />
      <XThreadsField />
      <MonthlyBudgetField />
      <ReplyGuardsFields />
      {trainingFilesPicker}
      <div>
        <CustomContextField />
        <KnowledgeStatus source={contextKnowledge} />
      </div>
    </FormSection>
    <ActivitySections isPosting={isPosting} isChatting={isChatting} agentId={agent?.id} />
    <FormSection title="Twitter/X Credentials">
      {connectionField('x')}
      <TwitterCredentialsFields saved={agent?.twitter_credentials} />
    </FormSection>
    <FormSection title="LinkedIn Integration">{connectionField('linkedin')}</FormSection>
    <FormSection title="Extra">
      <MediaFlagsFields />
    </FormSection>
    {/* After the spec's sections: the networks added since (issue 33). */}
    <FormSection title="More Networks">
      {connectionField('bluesky')}
      {connectionField('telegram')}
      {connectionField('discord')}
      {connectionField('mastodon')}
      {connectionField('farcaster')}
      {connectionField('threads')}
      {connectionField('facebook')}
      {connectionField('tiktok')}
    </FormSection>
  </>
);
