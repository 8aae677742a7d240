import { THREADS_SETTING_LABEL } from '@agentcast/contracts/x-thread';
import { ToggleField } from './toggle-field.tsx';

/**
 * Issue 17 §4, issue 33: whether a text longer than one post goes out as a numbered thread on the platforms that
 * have them. Off is the default, so an agent created without saying writes posts that fit one, as it always did.
 */
export const XThreadsField = () => (
  <ToggleField
    name="x_threads"
    label={THREADS_SETTING_LABEL}
    hint="Longer than one post (X 280 characters, Bluesky 300, Mastodon 500, Farcaster 320 bytes, Threads 500), posts go out as a numbered thread split between sentences; off: posts are written to fit one post."
  />
);
