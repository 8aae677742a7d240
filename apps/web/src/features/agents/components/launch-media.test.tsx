import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  AGENT_MESSAGES,
  agentInputSchema,
  type AgentFields,
  type AgentFieldsInput,
  type Client,
} from '@agentcast/contracts/agents';
import { agentFormValues, launchMedia } from '../lib/agent-form-values.ts';
import { MediaFlagsFields, PostConfigurationFields } from './fields/agent-behavior-fields.tsx';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';

/** The media toggles and Post to, in a form checked by the agent schema, started as a launch from the Agent builder. */
const LaunchedForm = ({ clients, onSend }: { clients: Client[]; onSend: (fields: AgentFields) => void }) => {
  const form = useForm<AgentFieldsInput, unknown, AgentFields>({
    resolver: zodResolver(agentInputSchema),
    defaultValues: {
      ...agentFormValues(undefined, clients),
      name: 'Shorts Maker',
      description: 'Short clips about AI',
      prompt: 'You write short posts about AI.',
      post_configuration: { ...agentFormValues(undefined, clients).post_configuration, topics: ['AI'] },
    },
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSend)}>
        <MediaFlagsFields />
        <PostConfigurationFields />
        <button type="submit">Create Agent</button>
      </form>
    </FormProvider>
  );
};

const toggle = (name: string) => screen.getByRole('checkbox', { name });

describe('a new agent launched from the Agent builder', () => {
  it('makes the media its platforms need: Video for YouTube, else Graphics for Instagram, nothing for X', () => {
    expect(launchMedia(['terminal', 'x'])).toEqual({ meme: false, graphic: false, video: false });
    expect(launchMedia(['terminal', 'instagram'])).toEqual({ meme: false, graphic: true, video: false });
    expect(launchMedia(['terminal', 'youtube'])).toEqual({ meme: false, graphic: false, video: true });
    // A video serves both: the Reel and the Short.
    expect(launchMedia(['terminal', 'instagram', 'youtube'])).toEqual({ meme: false, graphic: false, video: true });
    expect(agentFormValues()).toMatchObject({ meme: false, graphic: false, video: false });
  });

  it('with YouTube, starts with Video on, so it can be created at once; turning Video off is refused', async () => {
    const sent: AgentFields[] = [];
    renderWithProviders(
      <LaunchedForm clients={['terminal', 'instagram', 'youtube']} onSend={(fields) => sent.push(fields)} />,
    );
    expect(toggle('Video')).toBeChecked();
    expect(toggle('Graphics')).not.toBeChecked();

    await userEvent.click(toggle('Video'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText(AGENT_MESSAGES.youtubeNeedsVideo)).toBeVisible();
    expect(sent).toHaveLength(0);

    await userEvent.click(toggle('Video'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      video: true,
      post_configuration: { clients: ['terminal', 'instagram', 'youtube'] },
    });
  });

  it('with Instagram and no YouTube, starts with Graphics on, which a person may swap for Memes', async () => {
    const sent: AgentFields[] = [];
    renderWithProviders(<LaunchedForm clients={['terminal', 'instagram']} onSend={(fields) => sent.push(fields)} />);
    expect(toggle('Graphics')).toBeChecked();
    expect(toggle('Video')).not.toBeChecked();

    await userEvent.click(toggle('Graphics'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(await screen.findByText(AGENT_MESSAGES.instagramNeedsMedia)).toBeVisible();

    await userEvent.click(toggle('Memes'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Agent' }));
    expect(sent.at(-1)).toMatchObject({ meme: true, graphic: false, video: false });
  });
});
