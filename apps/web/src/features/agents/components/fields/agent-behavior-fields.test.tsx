import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { agentFormValues } from '../agent-form-values.ts';
import { ChatConfigurationFields, PostConfigurationFields } from './agent-behavior-fields.tsx';
import { XThreadsField } from './x-threads-field.tsx';

/** The fields in a form of their own, which shows what it would send. */
const FieldsForm = ({ children, onSend }: { children: ReactNode; onSend: (values: AgentFieldsInput) => void }) => {
  const form = useForm<AgentFieldsInput>({ defaultValues: agentFormValues() });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSend)}>
        {children}
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
};

const optionNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('the agent form’s X thread and YouTube fields', () => {
  it('turns threads on, and asks for the video privacy only once YouTube is a place to post to', async () => {
    const sent: AgentFieldsInput[] = [];
    render(
      <FieldsForm onSend={(values) => sent.push(values)}>
        <XThreadsField />
        <PostConfigurationFields />
        <ChatConfigurationFields />
      </FieldsForm>,
    );
    const threads = screen.getByRole('checkbox', { name: 'Post long texts to X as threads' });
    expect(threads).not.toBeChecked();
    expect(threads).toHaveAccessibleDescription(
      'Over 280 characters, posts go to X as a numbered thread split between sentences; off: posts are written to fit one post.',
    );
    expect(screen.queryByLabelText('YouTube video privacy')).not.toBeInTheDocument();

    const postTo = screen.getByRole('group', { name: 'Post to' });
    expect(optionNames(postTo)).toEqual(['Terminal', 'X (Twitter)', 'LinkedIn', 'Instagram', 'YouTube']);
    // Replies are read from X only: the agent does not answer on Instagram or YouTube.
    expect(optionNames(screen.getByRole('group', { name: 'Reply on' }))).toEqual([
      'Terminal',
      'X (Twitter)',
      'LinkedIn',
    ]);

    await userEvent.click(threads);
    await userEvent.click(within(postTo).getByRole('checkbox', { name: 'YouTube' }));
    const privacy = screen.getByLabelText('YouTube video privacy');
    expect(privacy).toHaveValue('private');
    expect(privacy).toHaveAccessibleDescription(/uploaded to YouTube as Shorts/);
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Private (only you)', 'Unlisted (anyone with the link)', 'Public']);
    await userEvent.selectOptions(privacy, 'unlisted');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent.at(-1)).toMatchObject({
      x_threads: true,
      video_privacy: 'unlisted',
      post_configuration: { clients: ['terminal', 'x', 'youtube'] },
    });
  });
});
