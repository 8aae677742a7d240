import { describe, expect, it } from 'vitest';
import { CREATE_AGENT_SECTIONS, EDIT_AGENT_SECTIONS, shownSections } from './agent-form-sections.ts';

describe('shownSections', () => {
  it('keeps every section while both activities are on', () => {
    expect(shownSections(CREATE_AGENT_SECTIONS, { isPosting: true, isChatting: true })).toEqual([
      ...CREATE_AGENT_SECTIONS,
    ]);
  });

  it('drops Post Configuration without posting and Chat Configuration without chat, keeping the order', () => {
    expect(shownSections(EDIT_AGENT_SECTIONS, { isPosting: false, isChatting: true })).toEqual([
      'Basic Information',
      'AI Configuration',
      'Data & Activities',
      'Chat Configuration',
      'Twitter/X Credentials',
      'LinkedIn Integration',
      'Extra',
    ]);
    expect(shownSections(CREATE_AGENT_SECTIONS, { isPosting: true, isChatting: false })).not.toContain(
      'Chat Configuration',
    );
  });
});
