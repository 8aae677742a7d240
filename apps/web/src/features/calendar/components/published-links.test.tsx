import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing-constants';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { PublishedLinks } from './published-links.tsx';

describe('a published calendar entry’s platforms', () => {
  it('says how the post did on each platform read so far, in one short line under its link', () => {
    renderWithProviders(
      <PublishedLinks
        messageId="msg-1"
        timeZone="UTC"
        links={[
          {
            platform: 'x',
            url: 'https://x.com/writer/status/1861234567890',
            status: 'posted',
            error: null,
            removed_at: null,
            metrics: {
              metrics: { impressions: 1234, likes: 20, reposts: 8, replies: 5, quotes: 1 },
              engagement: 34,
              read_at: '2026-11-24T09:00:00.000Z',
            },
          },
          {
            platform: 'linkedin',
            url: 'https://www.linkedin.com/feed/update/urn:li:share:7001',
            status: 'posted',
            error: null,
            removed_at: null,
            metrics: { metrics: { likes: 9, comments: 2 }, engagement: 11, read_at: '2026-11-24T09:00:00.000Z' },
          },
          // Not read yet: no line at all rather than zeros.
          {
            platform: 'youtube',
            url: 'https://youtube.com/shorts/abc',
            status: 'posted',
            error: null,
            removed_at: null,
          },
        ]}
      />,
    );
    const [x, linkedin, youtube] = within(screen.getByRole('list', { name: 'Where it went' })).getAllByRole('listitem');
    expect(within(x!).getByText('1.2K impressions · 34 engagements')).toBeVisible();
    expect(within(linkedin!).getByText('11 engagements')).toBeVisible();
    expect(youtube).not.toHaveTextContent(/engagement/);
  });

  it('says why a platform did not get the post, and how to fix it, never its raw status', () => {
    renderWithProviders(
      <PublishedLinks
        messageId="msg-2"
        timeZone="UTC"
        links={[
          {
            platform: 'x',
            url: null,
            status: 'failed',
            error: PUBLISHING_MESSAGES.notConnected('x'),
            removed_at: null,
          },
        ]}
      />,
    );
    const [x] = within(screen.getByRole('list', { name: 'Where it went' })).getAllByRole('listitem');
    expect(x).toHaveTextContent('Not posted: no X account connected — Connect X');
    expect(within(x!).getByRole('link', { name: 'Connect X' })).toHaveAttribute('href', '/agent-builder');
    expect(x).not.toHaveTextContent('failed');
  });
});
