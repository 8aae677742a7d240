import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_COMMENT_MESSAGES, DRAFT_MESSAGES, type DraftComment } from '@agentcast/contracts/drafts';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { DraftComments } from './draft-comments.tsx';

const COMMENT_URL = 'POST /api/drafts/draft-1/comments';
const member = (user_id: string, name: string, role: string) => ({
  user_id,
  name,
  role,
  email: `${user_id}@example.com`,
  joined_at: '2026-01-01T00:00:00Z',
});
const members = {
  members: [
    member('me', 'Olive Owner', 'owner'),
    member('rita', 'Rita Reviewer', 'reviewer'),
    member('eddie', 'Eddie', 'editor'),
  ],
  invitations: [],
};
const session = { user: { id: 'me', email: 'me@example.com', emailVerified: true }, session: { expiresAt: '' } };
const stored = (body: string, mentions: string[] = []): DraftComment => ({
  by: 'Olive Owner',
  body,
  at: '2026-01-01T09:00:00Z',
  changes_requested: false,
  mentions,
});

const show = (comments: DraftComment[], answer: (body: { body: string }) => { status: number; body: unknown }) => {
  const { fetchStub, calls } = routedFetch({
    'GET /api/workspace/members': members,
    'GET /api/auth/get-session': session,
    [COMMENT_URL]: (_url: string, body: unknown) => answer(body as { body: string }),
  });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<DraftComments draftId="draft-1" comments={comments} />);
  return calls;
};
const field = () => screen.getByRole('textbox', { name: 'Comment' });

describe('DraftComments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a client’s change request apart from members’ comments, and the mentions in bold', () => {
    show(
      [
        { ...stored('Say “customers”.'), by: 'Acme', changes_requested: true },
        stored('@rita reviewer, can you check?', ['Rita Reviewer']),
      ],
      () => ({ status: 500, body: {} }),
    );
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Acme asked for changes');
    expect(items[0]).toHaveClass('bg-amber-950/30');
    expect(items[1]).not.toHaveClass('bg-amber-950/30');
    expect(within(items[1]!).getByText('@rita reviewer', { selector: 'strong' })).toBeVisible();
    expect(field()).toHaveAccessibleDescription('Type @ and a name to notify a member by e-mail.');
  });

  it('offers the other members after @, and writes in the one chosen with the keys or a click', async () => {
    show([], () => ({ status: 500, body: {} }));
    const user = userEvent.setup();
    await user.type(field(), 'Thanks @');
    const listbox = await screen.findByRole('listbox', { name: 'Members to mention' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Rita ReviewerReviewer', 'EddieEditor']);
    await user.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', within(listbox).getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect(field()).toHaveValue('Thanks @Eddie ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await user.type(field(), 'and @re');
    await user.click(await screen.findByRole('option', { name: /Rita Reviewer/ }));
    expect(field()).toHaveValue('Thanks @Eddie and @Rita Reviewer ');
    expect(field()).toHaveFocus();

    await user.type(field(), '@');
    expect(await screen.findByRole('listbox')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(field(), 'zed');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('sends the comment and empties the field; keeps it and says why when it is refused', async () => {
    const calls = show([], ({ body }) =>
      body.includes('late')
        ? { status: 404, body: { code: 'NOT_FOUND', message: DRAFT_MESSAGES.notWaiting } }
        : { status: 201, body: stored(body, ['Eddie']) },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(field()).toHaveAccessibleDescription(DRAFT_COMMENT_MESSAGES.empty);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(field(), 'Over to @Eddie');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    await waitFor(() => expect(field()).toHaveValue(''));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ body: 'Over to @Eddie' });

    await user.type(field(), 'Too late?');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your comment was not sent: ${DRAFT_MESSAGES.notWaiting}`,
    );
    expect(field()).toHaveValue('Too late?');
  });
});
