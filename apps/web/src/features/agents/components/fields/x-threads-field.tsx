import { X_POST_LIMIT } from '@agentcast/contracts/x-thread';
import { ToggleField } from './toggle-field.tsx';

/**
 * Issue 17 §4: whether a text longer than one X post goes out as a numbered thread. Off is the default, so an agent
 * created without saying writes posts that fit one, as it always did.
 */
export const XThreadsField = () => (
  <ToggleField
    name="x_threads"
    label="Post long texts to X as threads"
    hint={`Over ${X_POST_LIMIT} characters, posts go to X as a numbered thread split between sentences; off: posts are written to fit one post.`}
  />
);
