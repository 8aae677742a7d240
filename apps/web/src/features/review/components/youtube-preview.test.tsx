import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { youTubeVideoMetadata } from '@agentcast/contracts/youtube-video-title';
import { YouTubePreview } from './youtube-preview.tsx';

const author = { name: 'Shorts Maker', image: null, xHandle: null };
const video: MediaItem = { kind: 'video', url: 'https://cdn.example/agent-media/u_2.mp4' };
const image: MediaItem = { kind: 'image', url: 'https://cdn.example/agent-media/u_1.png' };

const preview = () => within(screen.getByRole('article', { name: 'YouTube preview' }));
const titleText = () =>
  preview()
    .getByTestId('youtube-preview-title')
    .textContent?.replace(/^Title: /, '');

describe('the YouTube preview', () => {
  it('shows the title YouTube will show: the first sentence, without its full stop, with #Shorts', () => {
    render(<YouTubePreview author={author} text="Ship small changes. Big ones hide bugs." media={[video]} />);
    expect(titleText()).toBe('Ship small changes #Shorts');
    expect(preview().getByTestId('youtube-preview-description')).toHaveTextContent(
      'Description: Ship small changes. Big ones hide bugs.',
    );
    expect(preview().getByText('Shorts Maker')).toBeVisible();
    expect(preview().getByLabelText('YouTube: 39 of 5000 characters')).toHaveTextContent('39/5,000');
  });

  it('shows a long first sentence as the title is uploaded: 100 characters at most, cut after a word, no #Shorts', () => {
    const sentence =
      'Every team that ships daily learns faster than the team that waits for the perfect release window to open next quarter.';
    render(<YouTubePreview author={author} text={`${sentence} Then more.`} media={[video]} />);
    expect(titleText()).toBe(youTubeVideoMetadata(sentence).title);
    expect(titleText()).toBe(
      'Every team that ships daily learns faster than the team that waits for the perfect release window…',
    );
  });

  it('says who may watch the Short: private by default, else the agent’s video privacy', () => {
    const { rerender } = render(<YouTubePreview author={author} text="A clip." media={[video]} />);
    expect(preview().getByTestId('youtube-privacy')).toHaveTextContent('Visibility: Private');
    rerender(<YouTubePreview author={author} text="A clip." media={[video]} videoPrivacy="unlisted" />);
    expect(preview().getByTestId('youtube-privacy')).toHaveTextContent('Visibility: Unlisted');
    rerender(<YouTubePreview author={author} text="A clip." media={[video]} videoPrivacy="public" />);
    expect(preview().getByTestId('youtube-privacy')).toHaveTextContent('Visibility: Public');
  });

  it('shows the video’s poster in a vertical frame with a play badge, and plays it when pressed', async () => {
    render(<YouTubePreview author={author} text="A clip." media={[image, video]} />);
    expect(preview().getByRole('img', { name: 'Video of the YouTube Short, its first frame' })).toHaveAttribute(
      'src',
      'https://cdn.example/agent-media/u_2-poster.png',
    );
    await userEvent.click(preview().getByRole('button', { name: 'Play the YouTube Short' }));
    expect(preview().getByLabelText('Video of the YouTube Short')).toHaveAttribute('src', video.url);
  });

  it('says that a post without a video will not go to YouTube', () => {
    render(<YouTubePreview author={author} text="A picture only." media={[image]} />);
    expect(preview().getByRole('note')).toHaveTextContent('YouTube needs a video: this post will not go to YouTube.');
    expect(preview().queryByRole('button', { name: 'Play the YouTube Short' })).not.toBeInTheDocument();
  });
});
