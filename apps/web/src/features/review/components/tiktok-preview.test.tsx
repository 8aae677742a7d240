import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import {
  TIKTOK_CREATOR_MESSAGES,
  TIKTOK_MUSIC_CONFIRMATION,
  type TikTokCreator,
} from '@agentcast/contracts/tiktok-creator';
import { renderWithProviders, routedFetch } from '../../../testing/render-with-providers.tsx';
import { TikTokPreview } from './tiktok-preview.tsx';
import { formatVideoLength } from './tiktok-posting-settings.tsx';

const CREATOR_ROUTE = 'GET /api/connections/tiktok/creator';
const video: MediaItem = { kind: 'video', url: '/storage/runs/r1/clip.mp4' };
const photos: MediaItem[] = [1, 2, 3].map((n) => ({ kind: 'image', url: `/storage/runs/r1/p${n}.jpg` }));
const creator: TikTokCreator = {
  status: 'ready',
  username: 'ada.makes',
  nickname: 'Ada Makes',
  privacyLevel: 'SELF_ONLY',
  privacyLevels: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  audited: false,
  commentDisabled: false,
  duetDisabled: true,
  stitchDisabled: true,
  maxVideoSeconds: 600,
};

const showPreview = (media: MediaItem[], answer: TikTokCreator) => {
  const { fetchStub, calls } = routedFetch({ [CREATOR_ROUTE]: answer });
  vi.stubGlobal('fetch', fetchStub);
  renderWithProviders(<TikTokPreview text="Small models, big ideas." media={media} agentId="agent-7" />);
  return { preview: within(screen.getByRole('article', { name: 'TikTok preview' })), calls };
};

describe('the TikTok preview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the account, who can watch, the interactions and the longest video that TikTok says the post gets', async () => {
    const { preview, calls } = showPreview([video], creator);
    const settings = within(await preview.findByRole('region', { name: 'TikTok posting settings' }));
    expect(await settings.findByText(/Posting as/)).toHaveTextContent('Posting as Ada Makes @ada.makes');
    expect(settings.getByTestId('tiktok-privacy-level')).toHaveTextContent('Only you');
    expect(settings.getByTestId('tiktok-comments')).toHaveTextContent('On');
    expect(settings.getByTestId('tiktok-duet')).toHaveTextContent('Off (turned off in TikTok)');
    expect(settings.getByTestId('tiktok-stitch')).toHaveTextContent('Off (turned off in TikTok)');
    expect(settings.getByTestId('tiktok-max-video')).toHaveTextContent('10 min');
    expect(settings.getByText(TIKTOK_CREATOR_MESSAGES.unaudited)).toBeInTheDocument();
    expect(settings.getByRole('link', { name: TIKTOK_MUSIC_CONFIRMATION.link })).toHaveAttribute(
      'href',
      TIKTOK_MUSIC_CONFIRMATION.url,
    );
    expect(preview.getByRole('button', { name: 'Play the TikTok video' })).toBeInTheDocument();
    expect(preview.getByTestId('tiktok-preview-caption')).toHaveTextContent('Small models, big ideas.');
    expect(calls.map((call) => call.url)).toEqual(['/api/connections/tiktok/creator?agent=agent-7']);
  });

  it('shows a photo post with its count, comments alone (duets and stitches are of videos), public once audited', async () => {
    const { preview } = showPreview(photos, { ...creator, audited: true, privacyLevel: 'FOLLOWER_OF_CREATOR' });
    expect(preview.getByText('1/3')).toBeInTheDocument();
    expect(await preview.findByTestId('tiktok-privacy-level')).toHaveTextContent('Followers');
    expect(preview.queryByTestId('tiktok-duet')).toBeNull();
    expect(preview.queryByTestId('tiktok-max-video')).toBeNull();
    expect(preview.queryByText(TIKTOK_CREATOR_MESSAGES.unaudited)).toBeNull();
  });

  it('says why the settings cannot be read, in the server’s sentence', async () => {
    const { preview } = showPreview([video], {
      status: 'unavailable',
      message: 'Reconnect TikTok: the access expired',
    });
    expect(await preview.findByRole('note')).toHaveTextContent('Reconnect TikTok: the access expired');
  });

  it('says that a post without a video or pictures will not go, and reads nothing without an agent', () => {
    render(<TikTokPreview text="Words alone" media={[]} />);
    const preview = within(screen.getByRole('article', { name: 'TikTok preview' }));
    expect(preview.getByRole('note')).toHaveTextContent('TikTok');
    expect(preview.queryByRole('region', { name: 'TikTok posting settings' })).toBeNull();
  });

  it('writes the longest video as TikTok’s minutes and seconds', () => {
    expect([600, 180, 210, 45].map(formatVideoLength)).toEqual(['10 min', '3 min', '3 min 30 s', '45 s']);
  });
});
