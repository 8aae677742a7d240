import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@agentcast/contracts/drafts';
import { THREAD_MESSAGES } from '@agentcast/contracts/x-thread';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { useDrafts } from '../api/drafts-query.ts';
import { DraftCard } from './draft-card.tsx';
import { THREAD_SENTENCES, THREAD_TEXT } from '../lib/x-thread-fixture.ts';

afterEach(() => vi.unstubAllGlobals());

/** Where the sentence of this index begins in the text. */
const startOf = (index: number) => THREAD_TEXT.indexOf(THREAD_SENTENCES[index] as string);

const draftOf = (changes: Partial<Draft> = {}): Draft => ({
  id: 'draft-1',
  agent: { id: 'agent-1', name: 'Thread Agent', image: null },
  message_id: 'message-1',
  trigger: 'manual',
  reply_to: null,
  text: THREAD_TEXT,
  media: [{ kind: 'image', url: 'https://cdn.example/chart.png' }],
  sources: [],
  notes: [],
  model: 'gpt-4o',
  is_offline: false,
  platforms: ['x'],
  platform_texts: {},
  publish_at: '2030-01-01T09:00:00.000Z',
  time_chosen: false,
  created_at: '2026-11-24T09:00:00.000Z',
  versions: [],
  x_threads: true,
  thread_breaks: null,
  status: 'awaiting_review',
  approval: 'one',
  approvals: [],
  comments: [],
  ...changes,
});

const connectedX = {
  id: 'connection-1',
  platform: 'x',
  agent_id: null,
  pending: false,
  account_id: '42',
  display_name: 'Thread Agent',
  handle: 'thread_agent',
  scopes: [],
  expires_at: null,
  created_at: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-24T09:00:00.000Z',
};

/** The card as the Review tab shows it: the draft read from the list, which a change writes back to. */
const DraftFromList = () => {
  const drafts = useDrafts();
  const draft = drafts.data?.drafts[0];
  return draft ? (
    <ul>
      <DraftCard
        draft={draft}
        xHandle="thread_agent"
        isSelected={false}
        onSelectedChange={() => undefined}
        onDone={() => undefined}
      />
    </ul>
  ) : null;
};

/** Answers the list with the draft, then each change with the draft as changed (and the list read again after it). */
const serve = (first: Draft, ...changed: { status: number; body: unknown }[]) => {
  const after = changed.flatMap((answer) => [
    answer,
    { status: 200, body: { drafts: [answer.status === 200 ? answer.body : first] } },
  ]);
  const script = scriptedFetch({ status: 200, body: { drafts: [first] } }, ...after);
  // The card asks which platforms the agent can post to: X, connected (these tests are about the thread).
  const connections = { platforms: [{ platform: 'x', configured: true }], connections: [connectedX] };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith('/api/connections')
      ? Promise.resolve(Response.json(connections))
      : script.fetchStub(input, init),
  );
  renderWithProviders(<DraftFromList />);
  return script.calls;
};

const thread = async () => within(await screen.findByRole('list', { name: /^X thread of \d+ posts$/ }));
const postTexts = async () => (await thread()).getAllByTestId('x-thread-post-text').map((post) => post.textContent);
const button = (name: string) => screen.getByRole('button', { name });

describe('a draft card', () => {
  it('says "Awaiting review", and a screen reader hears it with the card', async () => {
    serve(draftOf({ x_threads: false, text: 'A short post.' }));
    const card = await screen.findByRole('listitem', { name: 'Draft by Thread Agent' });
    expect(within(card).getByText('Awaiting review')).toBeVisible();
    expect(card).toHaveAccessibleDescription('Awaiting review');
  });
});

describe('a draft that goes to X as a thread', () => {
  it('shows the numbered posts as a reply chain, the media on the first, each counted against 280', async () => {
    serve(draftOf());
    const posts = await thread();
    expect(screen.getByRole('list', { name: 'X thread of 3 posts' })).toBeVisible();
    const items = posts.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Post 1 of 3', 'Post 2 of 3', 'Post 3 of 3']);
    const texts = await postTexts();
    expect(texts[0]).toBe(`${THREAD_SENTENCES.slice(0, 3).join(' ')} 1/3`);
    expect(texts[1]).toBe(`${THREAD_SENTENCES.slice(3, 7).join(' ')} 2/3`);
    expect(texts[2]).toBe(`${THREAD_SENTENCES[7]} 3/3`);
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Media 1 of the X post' })).toBeVisible();
    expect(within(items[1] as HTMLElement).queryByRole('img')).not.toBeInTheDocument();
    expect(posts.getByLabelText(`Post 3: ${texts[2]?.length} of 280 characters`)).toHaveTextContent(
      `${texts[2]?.length}/280`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Thread of 3 posts · split between sentences');
    // The whole text is not one over-long post.
    expect(screen.queryByTestId('x-preview-text')).not.toBeInTheDocument();
    expect(screen.queryByText(/over$/)).not.toBeInTheDocument();
  });

  it('saves a split point moved a sentence earlier, keeps the keyboard on the control, and resets to automatic', async () => {
    const moved = [startOf(3), startOf(6)];
    const calls = serve(
      draftOf(),
      { status: 200, body: draftOf({ thread_breaks: moved }) },
      { status: 200, body: draftOf({ thread_breaks: null }) },
    );
    await thread();
    // Post 2 is full: moving either end of it outwards would make it too long; after the last sentence is nothing.
    expect(button('Move split 1 earlier')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Move split 2 later')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Reset split')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button('Move split 1 earlier'));
    expect(calls).toHaveLength(1);

    button('Move split 2 earlier').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]).toEqual({ url: '/api/drafts/draft-1', body: { thread_breaks: moved } });
    expect((await postTexts())[2]).toBe(`${THREAD_SENTENCES.slice(6).join(' ')} 3/3`);
    expect(button('Move split 2 earlier')).toHaveFocus();
    expect(button('Move split 2 later')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toHaveTextContent('Thread of 3 posts · split where you chose');

    await userEvent.click(button('Reset split'));
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls[3]).toEqual({ url: '/api/drafts/draft-1', body: { thread_breaks: null } });
    expect((await postTexts())[2]).toBe(`${THREAD_SENTENCES[7]} 3/3`);
  });

  it('joins two posts when the joined post fits, and splits a post of several sentences in two', async () => {
    const chosen = [startOf(1), startOf(3), startOf(7)];
    const calls = serve(
      draftOf({ thread_breaks: chosen }),
      { status: 200, body: draftOf({ thread_breaks: [startOf(3), startOf(7)] }) },
      { status: 200, body: draftOf({ thread_breaks: [startOf(3), startOf(5), startOf(7)] }) },
    );
    await thread();
    expect(screen.getByRole('list', { name: 'X thread of 4 posts' })).toBeVisible();
    expect(button('Join posts 2 and 3')).toHaveAttribute('aria-disabled', 'true');
    // One sentence: nothing to split.
    expect(screen.queryByRole('button', { name: 'Split post 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Split post 4' })).not.toBeInTheDocument();

    await userEvent.click(button('Join posts 1 and 2'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[1]?.body).toEqual({ thread_breaks: [startOf(3), startOf(7)] });
    expect(await screen.findByRole('list', { name: 'X thread of 3 posts' })).toHaveFocus();

    await userEvent.click(button('Split post 2'));
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls[3]?.body).toEqual({ thread_breaks: [startOf(3), startOf(5), startOf(7)] });
    expect(await screen.findByRole('list', { name: 'X thread of 4 posts' })).toBeVisible();
  });

  it('says the server’s refusal beside the draft and keeps the split it had', async () => {
    serve(draftOf(), {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: THREAD_MESSAGES.notAllowed },
    });
    await thread();
    await userEvent.click(button('Move split 2 earlier'));
    expect(await screen.findByText(THREAD_MESSAGES.notAllowed)).toBeVisible();
    expect((await postTexts())[2]).toBe(`${THREAD_SENTENCES[7]} 3/3`);
  });

  it('counts an edited long text as a thread, not as over 280', async () => {
    serve(draftOf());
    await thread();
    await userEvent.click(button('Edit'));
    const box = screen.getByLabelText('Post text');
    await userEvent.clear(box);
    await userEvent.click(box);
    await userEvent.paste(THREAD_SENTENCES.slice(0, 6).join(' '));
    const editor = within(box.closest('form') as HTMLFormElement);
    expect(editor.getByText('Thread of 2 posts')).toBeVisible();
    expect(screen.queryByText(/^Too long/)).not.toBeInTheDocument();
    // What is typed is shown split automatically; its split points are chosen once it is saved.
    expect(screen.getByRole('list', { name: 'X thread of 2 posts' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Move split/ })).not.toBeInTheDocument();
  });

  it('is one post, over the limit, for an agent that does not post threads', async () => {
    serve(draftOf({ x_threads: false }));
    const preview = await screen.findByRole('article', { name: 'X preview' });
    expect(within(preview).getByTestId('x-preview-text')).toHaveTextContent(THREAD_SENTENCES[0]);
    expect(within(preview).getByLabelText(`X: ${THREAD_TEXT.length} of 280 characters`)).toHaveTextContent(
      `${THREAD_TEXT.length - 280} over`,
    );
    expect(screen.queryByRole('list', { name: /^X thread/ })).not.toBeInTheDocument();
  });
});
