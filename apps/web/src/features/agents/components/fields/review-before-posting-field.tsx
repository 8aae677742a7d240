import { ToggleField } from './toggle-field.tsx';

/**
 * Issue 15 §1: whether a person approves each post first. Off is the default, so an agent created without saying
 * posts on its own as the spec describes. The server keeps waiting drafts waiting when it is turned off.
 */
export const ReviewBeforePostingField = () => (
  <ToggleField
    name="review_before_posting"
    label="Review before posting"
    hint="On: every post and reply waits as a draft until a person approves it in the Review tab. Off: the agent posts on its own; drafts already waiting stay waiting."
  />
);
