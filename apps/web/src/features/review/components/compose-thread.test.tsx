import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { ComposePostForm } from './compose-post-form.tsx';
import type { ReviewAgent } from '../lib/review-agent.ts';
import { THREAD_TEXT } from '../lib/x-thread-fixture.ts';

const agentOf = (name: string, xThreads: boolean): ReviewAgent => ({
  id: `${name}-id`,
  name,
  image: null,
  x_username: 'writer',
  x_threads: xThreads,
  video_privacy: 'private',
  farcaster_channel: '',
  post_configuration: {
    clients: ['terminal', 'x'],
    interval: 60,
    topics: ['AI'],
    enabled: true,
    reply_to_usernames: [],
  },
});

describe('a long post written for an agent', () => {
  it('is previewed as a thread for an agent that posts threads, and as too long for one that does not', async () => {
    renderWithProviders(
      <ComposePostForm
        agents={[agentOf('Threads Agent', true), agentOf('Single Agent', false)]}
        onPosted={() => undefined}
        onClose={() => undefined}
      />,
    );
    await userEvent.click(screen.getByLabelText('Post text'));
    await userEvent.paste(THREAD_TEXT);

    const thread = screen.getByRole('list', { name: 'X thread of 3 posts' });
    expect(
      within(thread)
        .getAllByTestId('x-thread-post-text')
        .map((post) => post.textContent?.slice(-3)),
    ).toEqual(['1/3', '2/3', '3/3']);
    // A written post is split between sentences on its own: its split points are chosen in review, if at all.
    expect(screen.queryByRole('button', { name: /^Move split/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Too long/)).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Agent'), 'Single Agent');
    expect(screen.getByText(`Too long for X: ${THREAD_TEXT.length} characters of 280.`)).toBeVisible();
    expect(screen.queryByRole('list', { name: /^X thread/ })).not.toBeInTheDocument();
  });
});
