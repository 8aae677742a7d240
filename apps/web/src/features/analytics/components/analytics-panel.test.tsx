import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_MESSAGES, type Analytics, type AnalyticsPost } from '@agentcast/contracts/analytics';
import { renderWithProviders, scriptedFetch } from '../../../testing/render-with-providers.tsx';
import { AnalyticsPanel } from './analytics-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const WRITER = { id: '5d0c1a52-8f0e-4c57-9a3e-0b6f2d1e7a10', name: 'Writer' };
const NEWS = { id: '9b7e4c21-3a5d-4f68-8e19-c2d4a6b8f032', name: 'News Desk' };

/** The local days of a period ending on Nov 24, 2026, with posts on a few of them. */
const daily = (days: number, posts: Record<string, [posts: number, engagement: number, exposure: number]>) =>
  Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 24 - (days - 1 - index))).toISOString().slice(0, 10);
    const [count, engagement, exposure] = posts[date] ?? [0, 0, 0];
    return { date, posts: count, engagement, exposure };
  });

const byHour = (figures: Record<number, [posts: number, engagement: number]>) =>
  Array.from({ length: 24 }, (_, hour) => ({
    hour,
    posts: figures[hour]?.[0] ?? 0,
    engagement: figures[hour]?.[1] ?? 0,
  }));

const xPost: AnalyticsPost = {
  message_id: 'msg-1',
  agent_id: WRITER.id,
  agent_name: WRITER.name,
  platform: 'x',
  text: 'Models keep getting cheaper; the edge is now in the data you feed them.',
  url: 'https://x.com/writer/status/1861234567890',
  published_at: '2026-11-20T08:15:00.000Z',
  metrics: { impressions: 4210, likes: 31, reposts: 6, replies: 3, quotes: 1 },
  engagement: 41,
  exposure: 4210,
  read_at: '2026-11-24T09:00:00.000Z',
};

const linkedinPost: AnalyticsPost = {
  ...xPost,
  message_id: 'msg-2',
  agent_id: NEWS.id,
  agent_name: NEWS.name,
  platform: 'linkedin',
  text: 'Three things we learned shipping an agent platform this quarter.',
  url: 'https://www.linkedin.com/feed/update/urn:li:share:7001',
  published_at: '2026-11-22T16:40:00.000Z',
  metrics: { likes: 9, comments: 2 },
  engagement: 11,
  exposure: null,
};

/** Thirty days of two agents: X posts with impressions, LinkedIn posts without. */
const monthOfPosts: Analytics = {
  days: 30,
  daily: daily(30, { '2026-11-20': [2, 47, 5100], '2026-11-22': [1, 11, 0], '2026-11-24': [1, 0, 0] }),
  by_hour: byHour({ 9: [2, 47], 17: [1, 11], 11: [1, 0] }),
  best_posts: [xPost, linkedinPost],
  totals: {
    posts: 4,
    engagement: 58,
    exposure: 5100,
    platforms: { x: { posts: 3, engagement: 47 }, linkedin: { posts: 1, engagement: 11 } },
  },
};

const nothing = (days: number): Analytics => ({
  days,
  daily: daily(days, {}),
  by_hour: byHour({}),
  best_posts: [],
  totals: { posts: 0, engagement: 0, exposure: 0, platforms: {} },
});

const showPanel = (...answers: Parameters<typeof scriptedFetch>) => {
  const { fetchStub, calls } = scriptedFetch(...answers);
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<AnalyticsPanel agents={[WRITER, NEWS]} tzOffset={60} timeZone="Europe/Berlin" />);
  return calls;
};

describe('the Analytics tab', () => {
  it('asks for all agents over 30 days in the viewer’s time zone, and shows the period’s totals per platform', async () => {
    const calls = showPanel({ status: 200, body: monthOfPosts });
    expect(screen.getByRole('status')).toHaveTextContent('Loading analytics…');
    const totals = await screen.findByRole('list', { name: 'By platform' });
    expect(calls.map((call) => call.url)).toEqual(['/api/analytics?days=30&tz_offset=60']);
    expect(screen.getByText('Days and hours in Europe/Berlin')).toBeVisible();

    const headline = within(screen.getByLabelText('Totals'));
    expect(headline.getByText('Posts').nextElementSibling).toHaveTextContent('4');
    expect(headline.getByText('Engagement').nextElementSibling).toHaveTextContent('58');
    expect(headline.getByText('Impressions & views').nextElementSibling).toHaveTextContent('5,100');
    // LinkedIn counts no impressions: the total says whose posts it leaves out.
    expect(headline.getByText(ANALYTICS_MESSAGES.notReported('LinkedIn'))).toBeVisible();
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['X: 3 posts · 47 engagements', 'LinkedIn: 1 post · 11 engagements']);
  });

  it('describes each chart in words and gives its figures as a table', async () => {
    showPanel({ status: 200, body: monthOfPosts });
    const hourly = await screen.findByRole('figure', { name: 'Engagement by hour of day' });
    expect(hourly).toHaveAccessibleDescription('Best hour: 9 AM–10 AM, with 47 engagements from 2 posts.');
    const hours = within(hourly).getAllByRole('row');
    expect(hours).toHaveLength(25);
    expect(hours[10]).toHaveTextContent('9 AM–10 AM472');

    const perDay = screen.getByRole('figure', { name: 'Posts and engagement per day' });
    expect(perDay).toHaveAccessibleDescription(
      '4 posts and 58 engagements over 30 days. Most engagement on Fri, Nov 20: 47 engagements from 2 posts.',
    );
    const days = within(perDay).getAllByRole('row');
    expect(days).toHaveLength(31);
    expect(days[1]).toHaveTextContent('Mon, Oct 2600');
    expect(days.at(-1)).toHaveTextContent('Tue, Nov 2410');
  });

  it('lists the best posts with their agent, platform, time, metrics and a link to each', async () => {
    showPanel({ status: 200, body: monthOfPosts });
    const list = await screen.findByRole('list', { name: 'Best posts' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(xPost.text);
    expect(first).toHaveTextContent(/Writer · X · Nov 20, 2026/);
    expect(first).toHaveTextContent('4.2K impressions · 41 engagements');
    expect(first).toHaveTextContent('31 likes · 6 reposts · 3 replies · 1 quote');
    expect(within(first!).getByRole('link', { name: 'View on X (opens in a new tab)' })).toHaveAttribute(
      'href',
      xPost.url,
    );
    expect(second).toHaveTextContent(/News Desk · LinkedIn/);
    expect(second).toHaveTextContent('11 engagements');
    expect(second).toHaveTextContent('9 likes · 2 comments');
  });

  it('offers the CSV of what is shown, and the period and agent switches change both', async () => {
    const calls = showPanel(
      { status: 200, body: monthOfPosts },
      { status: 200, body: { ...monthOfPosts, days: 7, daily: monthOfPosts.daily.slice(-7) } },
      { status: 200, body: { ...monthOfPosts, days: 7, daily: monthOfPosts.daily.slice(-7) } },
    );
    const csv = await screen.findByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/analytics/export.csv?days=30&tz_offset=60');
    expect(csv).toHaveAttribute('download');

    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(period).getByRole('button', { name: '7 days' }));
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/analytics?days=7&tz_offset=60');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/analytics/export.csv?days=7&tz_offset=60',
    );

    await userEvent.selectOptions(screen.getByLabelText('Agent'), 'News Desk');
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.url).toBe(`/api/analytics?agent_id=${NEWS.id}&days=7&tz_offset=60`);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/analytics/export.csv?agent_id=${NEWS.id}&days=7&tz_offset=60`,
    );
    // One agent's best posts do not repeat its name on each.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Best posts' })).not.toHaveTextContent('Writer ·'));
  });

  it('says when nothing was published in the period, without charts or a CSV to download', async () => {
    showPanel({ status: 200, body: nothing(30) });
    expect(await screen.findByText(ANALYTICS_MESSAGES.empty)).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    // The switches stay, so another period or agent can be tried.
    expect(screen.getByRole('group', { name: 'Period' })).toBeVisible();
  });

  it('says why when the figures could not be loaded', async () => {
    showPanel({ status: 500, body: { code: 'UNAVAILABLE', message: 'Analytics are unavailable right now.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load analytics: Analytics are unavailable right now.',
    );
  });

  it('says impressions are not reported when every post went to a platform that counts none', async () => {
    showPanel({
      status: 200,
      body: {
        ...monthOfPosts,
        best_posts: [linkedinPost],
        totals: { posts: 1, engagement: 11, exposure: 0, platforms: { linkedin: { posts: 1, engagement: 11 } } },
      },
    });
    const headline = within(await screen.findByLabelText('Totals'));
    expect(headline.getByText('Impressions & views').nextElementSibling).toHaveTextContent('Not reported');
  });
});
