import { FormSection } from '../../../components/ui/form-section.tsx';
import { ChatConfigurationFields, PostConfigurationFields } from './fields/agent-behavior-fields.tsx';

/** Spec §2: Post Configuration only while the post activity is on, Chat Configuration only while chat is. */
export const ActivitySections = ({
  isPosting,
  isChatting,
  agentId,
}: {
  isPosting: boolean;
  isChatting: boolean;
  agentId?: string;
}) => (
  <>
    {isPosting && (
      <FormSection title="Post Configuration">
        <PostConfigurationFields agentId={agentId} />
      </FormSection>
    )}
    {isChatting && (
      <FormSection title="Chat Configuration">
        <ChatConfigurationFields />
      </FormSection>
    )}
  </>
);
