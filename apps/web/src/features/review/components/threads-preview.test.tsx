import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import { ThreadsPreview } from './threads-preview.tsx';

const author = { name: 'Thread Weaver', image: null, xHandle: null };
const media = (count: number): MediaItem[] =>
  Array.from({ length: count }, (_, index) => ({ kind: 'image', url: `https://cdn.example/t_${index}.png` }));

describe('the Threads preview', () => {
  it('counts an emoji as its UTF-8 bytes, as Threads does', () => {
    render(<ThreadsPreview author={author} text={`Ship it ${'🚀'.repeat(3)}`} media={[]} />);
    const preview = within(screen.getByRole('article', { name: 'Threads preview' }));
    expect(preview.getByLabelText('Threads: 20 of 500 characters')).toHaveTextContent('20/500');
  });

  it('is over at 126 emoji, which 500 letters are not', () => {
    const { unmount } = render(<ThreadsPreview author={author} text={'🔥'.repeat(126)} media={[]} />);
    expect(screen.getByLabelText('Threads: 504 of 500 characters')).toHaveTextContent('4 over');
    unmount();
    render(<ThreadsPreview author={author} text={'a'.repeat(500)} media={[]} />);
    expect(screen.getByLabelText('Threads: 500 of 500 characters')).not.toHaveTextContent('over');
  });

  it('shows every item of a carousel, up to Threads’ 20', () => {
    render(<ThreadsPreview author={author} text="Three charts" media={media(22)} />);
    const preview = within(screen.getByRole('article', { name: 'Threads preview' }));
    expect(preview.getAllByRole('img', { name: /^Item \d+ of the Threads post$/ })).toHaveLength(20);
  });
});
