import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLISHING_MESSAGES } from '@agentcast/contracts/publishing';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { InstagramPreview } from './instagram-preview.tsx';

const author = { name: 'Reels Agent', image: null, xHandle: null };
const LONG_CAPTION =
  'Agents that post on their own need a person who can step in before anything goes out. That is why every draft waits in the Review tab until someone approves it.';
const image: MediaItem = { kind: 'image', url: 'https://cdn.example/agent-media/u_1.png' };
const video: MediaItem = { kind: 'video', url: 'https://cdn.example/agent-media/u_2.mp4' };

const preview = () => within(screen.getByRole('article', { name: 'Instagram preview' }));

describe('the Instagram preview', () => {
  it('shows the account, the first image, and the caption after the name in bold, counted against 2,200', () => {
    render(<InstagramPreview author={author} text="  Ship small changes.  " media={[image]} />);
    expect(preview().getByRole('img', { name: 'Image of the Instagram post' })).toHaveAttribute('src', image.url);
    const caption = preview().getByTestId('instagram-preview-caption');
    expect(caption).toHaveTextContent(/^Reels Agent Ship small changes\.$/);
    expect(within(caption).getByText('Reels Agent')).toHaveClass('font-semibold');
    expect(preview().getByLabelText('Instagram: 19 of 2200 characters')).toHaveTextContent('19/2,200');
    expect(preview().queryByRole('note')).not.toBeInTheDocument();
  });

  it('cuts a long caption after about 125 characters with “… more”, which shows the rest', async () => {
    render(<InstagramPreview author={author} text={LONG_CAPTION} media={[image]} />);
    const caption = preview().getByTestId('instagram-preview-caption');
    expect(caption.textContent).toBe(
      'Reels Agent Agents that post on their own need a person who can step in before anything goes out. That is why every draft waits in the… more',
    );
    await userEvent.click(preview().getByRole('button', { name: /^more/ }));
    expect(caption.textContent).toBe(`Reels Agent ${LONG_CAPTION}`);
    expect(preview().queryByRole('button', { name: /^more/ })).not.toBeInTheDocument();
  });

  it('shows the video as a Reel, poster and play badge first, rather than the image', async () => {
    render(<InstagramPreview author={author} text="A clip." media={[image, video]} />);
    expect(preview().getByRole('img', { name: 'Video of the Instagram Reel, its first frame' })).toHaveAttribute(
      'src',
      'https://cdn.example/agent-media/u_2-poster.png',
    );
    expect(preview().queryByRole('img', { name: 'Image of the Instagram post' })).not.toBeInTheDocument();
    await userEvent.click(preview().getByRole('button', { name: 'Play the Instagram Reel' }));
    const player = preview().getByLabelText('Video of the Instagram Reel');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', video.url);
    expect(player).toHaveFocus();
  });

  it('says that a post without a picture or a video will not go to Instagram', () => {
    render(<InstagramPreview author={author} text="Text alone." media={[]} />);
    expect(preview().getByRole('note')).toHaveTextContent(
      'Instagram needs a picture or a video: this post will not go to Instagram.',
    );
    expect(PUBLISHING_MESSAGES.willNotGoWithoutMedia('instagram', 'image-or-video')).toBe(
      'Instagram needs a picture or a video: this post will not go to Instagram.',
    );
  });

  it('shows a caption over 2,200 characters as over, in red', () => {
    render(<InstagramPreview author={author} text={'a'.repeat(2210)} media={[image]} />);
    expect(preview().getByLabelText('Instagram: 2210 of 2200 characters')).toHaveTextContent('2210/2,200 · 10 over');
  });
});
