import { FormSection } from '../../../components/ui/form-section.tsx';
import { ChatConfigurationFields, PostConfigurationFields } from './fields/agent-behavior-fields.tsx';

/** Spec §2: Post Configuration only while the post activity is on, Chat Configuration only while chat is. */
export const ActivitySections = ({ isPosting, isChatting }: { isPosting: boolean; isChatting: boolean }) => (
  <>
    {isPosting && (
      <FormSection title="Post Configuration">
        <PostConfigurationFields />
      </FormSection>
    )}
    {isChatting && (
      <FormSection title="Chat Configuration">
        <ChatConfigurationFields />
      </FormSection>
    )}
  </>
);
