import { describe, expect, it } from 'vitest';
import { agentInputSchema, type Agent } from '@agentcast/contracts/agents';
import { toAgentForm } from '../api/agent-files.ts';
import { agentFormValues } from './agent-form-values.ts';

const sentFields = (values: ReturnType<typeof agentFormValues>) =>
  JSON.parse(toAgentForm(agentInputSchema.parse(values), { trainingFiles: [] }).get('agent') as string) as Record<
    string,
    unknown
  >;

const filled = (values: ReturnType<typeof agentFormValues>) => ({
  ...values,
  name: 'A',
  description: 'B',
  prompt: 'C',
  post_configuration: { ...values.post_configuration, topics: ['AI'] },
});

describe('agentFormValues and the saved fields', () => {
  it('starts a new agent with review off, and sends that choice with the agent', () => {
    const values = agentFormValues();
    expect(values.approval).toBe('none');
    expect(sentFields(filled(values)).approval).toBe('none');
    expect(sentFields(filled({ ...values, approval: 'one' })).approval).toBe('one');
  });

  it('shows a saved agent’s choice in the edit form', () => {
    const saved = { ...agentFormValues(), approval: 'one' } as unknown as Agent;
    expect(agentFormValues({ ...saved, trainingfiles: null }).approval).toBe('one');
    expect(agentFormValues({ ...saved, approval: 'none' }).approval).toBe('none');
  });

  it('starts a new agent writing single posts, its videos private, and answering only where replies are read', () => {
    // YouTube takes videos only: launched with it, the agent makes videos.
    const values = agentFormValues(undefined, ['terminal', 'x', 'youtube']);
    expect(values.video).toBe(true);
    expect(values.post_configuration?.clients).toEqual(['terminal', 'x', 'youtube']);
    expect(values.chat_configuration?.clients).toEqual(['terminal', 'x']);
    const sent = sentFields(filled(values));
    expect(sent).toMatchObject({ x_threads: false, video_privacy: 'private' });
    expect(sentFields(filled({ ...values, x_threads: true, video_privacy: 'unlisted' }))).toMatchObject({
      x_threads: true,
      video_privacy: 'unlisted',
    });
  });
});
