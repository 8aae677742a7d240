import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { Delivery } from '@agentcast/contracts/terminal';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { DeliveryChip } from './delivery-chip.tsx';

const chipText = (delivery: Delivery) => {
  const { unmount } = renderWithProviders(
    <ul>
      <DeliveryChip delivery={delivery} messageId="message-1" agentId="agent-1" />
    </ul>,
  );
  const text = screen.getByRole('listitem').textContent;
  unmount();
  return text;
};

const thread = (changes: Partial<Delivery>): Delivery => ({
  platform: 'x',
  status: 'posting',
  thread_length: 3,
  thread_posted: 0,
  ...changes,
});

describe('the delivery chip of an X thread', () => {
  it('says how many posts a published thread has, and links its first post', () => {
    renderWithProviders(
      <ul>
        <DeliveryChip
          delivery={thread({ status: 'posted', thread_posted: 3, url: 'https://x.com/a/status/1' })}
          messageId="message-1"
          agentId="agent-1"
        />
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent(/^Posted to X · Thread · 3 posts — View on X — /);
    expect(screen.getByRole('link', { name: 'View on X' })).toHaveAttribute('href', 'https://x.com/a/status/1');
    expect(screen.getByRole('button', { name: 'Delete from X' })).toBeVisible();
  });

  it('says how far a thread got while it goes out, and why it stopped partway', () => {
    expect(chipText(thread({ status: 'posting', thread_posted: 1 }))).toBe('Posting thread to X · 1 of 3 posted');
    expect(chipText(thread({ status: 'unknown', thread_posted: 1 }))).toBe(
      'Checking whether X got post 2 of 3 of the thread',
    );
    const stopped = PUBLISHING_MESSAGES.threadStopped(1, 3, 'Reconnect X: the access was revoked.');
    // A thread stopped partway may be sent again: it resumes after the posts already on X.
    expect(chipText(thread({ status: 'failed', thread_posted: 1, error: stopped }))).toBe(`${stopped} — Retry`);
    const paused = PUBLISHING_MESSAGES.threadStopped(2, 3, 'X is rate limiting posts.');
    expect(chipText(thread({ status: 'ready', thread_posted: 2, error: paused }))).toBe(`${paused} Trying again.`);
  });

  it('fails like a single post when none of the thread went out', () => {
    expect(chipText(thread({ status: 'posting' }))).toBe('Posting thread to X · 0 of 3 posted');
    expect(chipText(thread({ status: 'failed', error: 'X is down.' }))).toBe('Not posted to X: X is down. — Retry');
    expect(chipText({ platform: 'x', status: 'posted' })).toMatch(/^Posted to X — /);
  });
});

describe('the delivery chip of a published post', () => {
  it('offers Delete on platforms whose API deletes posts', () => {
    renderWithProviders(
      <ul>
        <DeliveryChip
          delivery={{ platform: 'youtube', status: 'posted', url: 'https://www.youtube.com/shorts/abcdefghijk' }}
          messageId="message-1"
          agentId="agent-1"
        />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'View on YouTube' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete from YouTube' })).toBeVisible();
  });

  it('does not offer Delete for Instagram, whose API cannot delete posts: it says where to delete it instead', () => {
    const url = 'https://www.instagram.com/reel/abc123/';
    renderWithProviders(
      <ul>
        <DeliveryChip
          delivery={{ platform: 'instagram', status: 'posted', url }}
          messageId="message-1"
          agentId="agent-1"
        />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'View on Instagram' })).toHaveAttribute('href', url);
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent(
      `Posted to Instagram — View on Instagram — ${PUBLISHING_MESSAGES.deleteInApp('instagram')}`,
    );
  });
});

describe('the delivery chip of a published post', () => {
  it('says how the post did once the platform was read, and nothing before', () => {
    const posted: Delivery = { platform: 'x', status: 'posted', url: 'https://x.com/a/status/2' };
    expect(chipText(posted)).not.toMatch(/impressions|engagements/);
    expect(
      chipText({
        ...posted,
        metrics: {
          metrics: { impressions: 1234, likes: 30, reposts: 3, replies: 1, quotes: 0 },
          engagement: 34,
          read_at: '2026-11-24T10:00:00.000Z',
        },
      }),
    ).toMatch(/1\.2K impressions · 34 engagements$/);
  });
});

describe('the delivery chip of a post no X account took', () => {
  afterEach(() => vi.unstubAllGlobals());

  const notConnected: Delivery = { platform: 'x', status: 'failed', error: PUBLISHING_MESSAGES.notConnected('x') };
  const withX = (configured: boolean) => {
    const { fetchStub } = routedFetch({
      'GET /api/connections': { platforms: [{ platform: 'x', configured }], connections: [] },
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(
      <ul>
        <DeliveryChip delivery={notConnected} messageId="message-1" agentId="agent-1" />
      </ul>,
    );
  };

  it('links Connect X to the Agent Builder, where X can be connected', async () => {
    withX(true);
    expect(await screen.findByRole('link', { name: 'Connect X' })).toHaveAttribute('href', '/agent-builder');
  });

  it('says plainly that this server’s operator has not set X up, with no link, when X is not set up', async () => {
    withX(false);
    expect(await screen.findByText(/This server's operator has not set X up/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
