import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { PlatformPreviews } from './platform-previews.tsx';

const author = { name: 'Agent', image: null, xHandle: 'agent' };
const video: MediaItem = { kind: 'video', url: 'https://cdn.example/agent-media/u_2.mp4' };

const previewNames = () => screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));

describe('the previews of a post', () => {
  it('are one per platform the post goes to, in its order', () => {
    render(
      <PlatformPreviews
        platforms={['terminal', 'instagram', 'youtube']}
        author={author}
        text="A clip."
        media={[video]}
        videoPrivacy="public"
      />,
    );
    expect(previewNames()).toEqual(['Instagram preview', 'YouTube preview']);
    expect(screen.getByTestId('youtube-privacy')).toHaveTextContent('Public');
  });

  it('include X and LinkedIn beside them, and the terminal’s alone when it goes nowhere else', () => {
    const { rerender } = render(
      <PlatformPreviews platforms={['x', 'linkedin', 'youtube']} author={author} text="Hi." media={[]} />,
    );
    expect(previewNames()).toEqual(['X preview', 'LinkedIn preview', 'YouTube preview']);
    rerender(<PlatformPreviews platforms={['terminal']} author={author} text="Hi." media={[]} />);
    expect(previewNames()).toEqual(['Terminal preview']);
  });
});
