/** Spec §2, Create Agent: its sections in the spec's order (the last two only while their activity is on). */
export const CREATE_AGENT_SECTIONS = [
  'Core Details',
  'Content & Personality',
  'Training Data',
  'Behavior & Configuration',
  'Social Platforms & Credentials',
  'Post Configuration',
  'Chat Configuration',
] as const;

/** Spec §2, Managed Agents: the edit form's sections in the spec's order. */
export const EDIT_AGENT_SECTIONS = [
  'Basic Information',
  'AI Configuration',
  'Data & Activities',
  'Post Configuration',
  'Chat Configuration',
  'Twitter/X Credentials',
  'LinkedIn Integration',
  'Extra',
] as const;

/** The sections the form shows now: Post and Chat Configuration exist only while their activity is on. */
export const shownSections = (
  sections: readonly string[],
  { isPosting, isChatting }: { isPosting: boolean; isChatting: boolean },
) =>
  sections.filter(
    (title) => (title !== 'Post Configuration' || isPosting) && (title !== 'Chat Configuration' || isChatting),
  );
