import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentFieldsInput } from '@agentcast/contracts/agents';
import { MORE_POSTS_HELP } from '@agentcast/contracts/quota-messages';
import { agentFormValues } from '../../lib/agent-form-values.ts';
import { ChatConfigurationFields, PostConfigurationFields } from './agent-behavior-fields.tsx';
import { XThreadsField } from './x-threads-field.tsx';
import { renderWithProviders, scriptedFetch } from '../../../../testing/render-with-providers.tsx';

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
    renderWithProviders(
      <FieldsForm onSend={(values) => sent.push(values)}>
        <XThreadsField />
        <PostConfigurationFields />
        <ChatConfigurationFields />
      </FieldsForm>,
    );
    const threads = screen.getByRole('checkbox', { name: 'Post long texts as threads' });
    expect(threads).not.toBeChecked();
    expect(threads).toHaveAccessibleDescription(
      'Longer than one post (X 280 characters, Bluesky 300, Mastodon 500, Farcaster 320 bytes, Threads 500), posts go out as a numbered thread split between sentences; off: posts are written to fit one post.',
    );
    expect(screen.queryByLabelText('YouTube video privacy')).not.toBeInTheDocument();

    const postTo = screen.getByRole('group', { name: 'Post to' });
    expect(optionNames(postTo)).toEqual([
      'Terminal',
      'X (Twitter)',
      'LinkedIn',
      'Instagram',
      'YouTube',
      'Bluesky',
      'Telegram',
      'Discord',
      'Mastodon',
      'Farcaster',
      'Threads',
      'Facebook',
      'TikTok',
    ]);
    // Replies are read from X, Bluesky, Mastodon, Farcaster, Telegram, Threads and Facebook: not where the agent only
    // publishes.
    expect(optionNames(screen.getByRole('group', { name: 'Reply on' }))).toEqual([
      'Terminal',
      'X (Twitter)',
      'LinkedIn',
      'Bluesky',
      'Mastodon',
      'Farcaster',
      'Telegram',
      'Threads',
      'Facebook',
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

  it('asks for a Farcaster channel only once Farcaster is a place to post to, and sends what was typed', async () => {
    const sent: AgentFieldsInput[] = [];
    renderWithProviders(
      <FieldsForm onSend={(values) => sent.push(values)}>
        <PostConfigurationFields />
      </FieldsForm>,
    );
    expect(screen.queryByLabelText('Farcaster channel')).not.toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Post to' })).getByRole('checkbox', { name: 'Farcaster' }),
    );
    const channel = screen.getByLabelText('Farcaster channel');
    expect(channel).toHaveValue('');
    expect(channel).toHaveAccessibleDescription(/Empty: the account’s own feed\./);
    await userEvent.type(channel, 'ai');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent.at(-1)).toMatchObject({ farcaster_channel: 'ai' });
  });
});

describe('the note beside the post interval', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says when the agent posts instead when the interval would pass the plan, and how to get more', async () => {
    // Today's 15:00 and tomorrow's 09:00 in the viewer's zone: the note names them in the day's order.
    const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
    const { fetchStub, calls } = scriptedFetch({
      status: 200,
      body: {
        plan: { id: 'starter', name: 'Starter' },
        posts_per_day: 2,
        shared_by: 1,
        times: [at(24, 15), at(25, 9)],
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <FieldsForm onSend={() => undefined}>
        <PostConfigurationFields />
      </FieldsForm>,
    );
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(
      `Starter posts 2 times a day: this agent will post at about 09:00 and 15:00 ${MORE_POSTS_HELP}`,
    );
    expect(calls[0]?.url).toBe('/api/schedules/posting-day?interval=60');
  });
});
