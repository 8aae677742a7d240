import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { BlueskyPreview } from './bluesky-preview.tsx';
import { FarcasterPreview } from './farcaster-preview.tsx';
import { MastodonPreview } from './mastodon-preview.tsx';

const author = { name: 'Fediverse Herald', image: null, xHandle: null };
const media = (count: number): MediaItem[] =>
  Array.from({ length: count }, (_, index) => ({ kind: 'image', url: `https://cdn.example/m_${index}.png` }));
const video: MediaItem = { kind: 'video', url: 'https://cdn.example/clip.mp4' };
const sentences = (count: number) =>
  Array.from({ length: count }, (_, index) => `Point ${index + 1}: small models win on cost and speed.`).join(' ');

describe('the Mastodon preview', () => {
  it('counts a link as 23 characters, as the instance does, and shows up to four attachments', () => {
    const text = `Read this https://example.com/${'a'.repeat(200)}`;
    render(<MastodonPreview author={author} text={text} media={media(5)} />);
    const preview = within(screen.getByRole('article', { name: 'Mastodon preview' }));
    expect(preview.getByLabelText('Mastodon: 33 of 500 characters')).toHaveTextContent('33/500');
    expect(preview.getAllByRole('img', { name: /^Attachment \d of the Mastodon post$/ })).toHaveLength(4);
  });

  it('says how many posts a long text makes for an agent with threads on, and is over without them', () => {
    const text = sentences(20);
    const { unmount } = render(<MastodonPreview author={author} text={text} media={[]} xThreads />);
    expect(screen.getByText(/^Thread of \d+ posts$/)).toBeVisible();
    unmount();
    render(<MastodonPreview author={author} text={text} media={[]} />);
    expect(screen.getByLabelText(`Mastodon: ${text.length} of 500 characters`)).toHaveTextContent(
      `${text.length - 500} over`,
    );
  });
});

describe('the Bluesky preview', () => {
  it('shows the video over the images, as the post carries it', () => {
    render(<BlueskyPreview author={author} text="Watch this" media={[...media(1), video]} />);
    const preview = within(screen.getByRole('article', { name: 'Bluesky preview' }));
    expect(preview.getByLabelText('Video of the Bluesky post')).toHaveAttribute('src', video.url);
    expect(preview.queryByRole('img', { name: 'Image of the Bluesky post' })).not.toBeInTheDocument();
  });
});

describe('the Farcaster preview', () => {
  it('counts bytes against 320 and shows two images at most', () => {
    render(<FarcasterPreview author={author} text="Café ☕" media={media(3)} />);
    const preview = within(screen.getByRole('article', { name: 'Farcaster preview' }));
    expect(preview.getByLabelText('Farcaster: 9 of 320 bytes')).toHaveTextContent('9/320');
    expect(preview.getAllByRole('img', { name: /^Image \d of the cast$/ })).toHaveLength(2);
    expect(preview.queryByText(/ in \//)).not.toBeInTheDocument();
  });

  it('names the agent’s channel as Farcaster apps do', () => {
    render(<FarcasterPreview author={author} text="Hello" media={[]} channel="ai" />);
    expect(screen.getByRole('article', { name: 'Farcaster preview' })).toHaveTextContent(/· now in \/ai/);
  });
});
