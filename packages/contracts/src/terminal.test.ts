import { describe, expect, it } from 'vitest';
import { posterPathFor, splitMedia, triggerInputSchema } from './terminal.ts';

describe('splitMedia', () => {
  it('takes image and video URLs out of the text, in order', () => {
    const content =
      'Rates are up.\n\nhttps://cdn.example.com/agent-media/u_1.png\nhttps://cdn.example.com/agent-media/u_2.MP4';
    expect(splitMedia(content)).toEqual({
      text: 'Rates are up.',
      media: [
        { kind: 'image', url: 'https://cdn.example.com/agent-media/u_1.png' },
        { kind: 'video', url: 'https://cdn.example.com/agent-media/u_2.MP4' },
      ],
    });
  });

  it('recognises every spec extension and leaves other links in the text', () => {
    const urls = ['jpg', 'jpeg', 'png', 'gif', 'mp4', 'webm', 'mov', 'avi'].map(
      (extension) => `http://h/x.${extension}`,
    );
    const { text, media } = splitMedia(`Read https://example.com/article.html ${urls.join(' ')}`);
    expect(media.map((item) => item.kind)).toEqual([
      'image',
      'image',
      'image',
      'image',
      'video',
      'video',
      'video',
      'video',
    ]);
    expect(text).toBe('Read https://example.com/article.html');
  });
});

describe('video posters', () => {
  it("gives a run's video the poster stored beside it, and no other video one", () => {
    const { media } = splitMedia(
      'Ship it.\n\nhttps://cdn.example.com/agent-media/u_9.mp4\nhttps://example.com/clip.mp4 https://cdn.example.com/agent-media/u_8.png',
    );
    expect(media).toEqual([
      {
        kind: 'video',
        url: 'https://cdn.example.com/agent-media/u_9.mp4',
        poster: 'https://cdn.example.com/agent-media/u_9-poster.png',
      },
      { kind: 'video', url: 'https://example.com/clip.mp4' },
      { kind: 'image', url: 'https://cdn.example.com/agent-media/u_8.png' },
    ]);
    expect(posterPathFor('agent-media/u_9.mp4')).toBe('agent-media/u_9-poster.png');
  });
});

describe('triggerInputSchema', () => {
  it('uses the spec message when none is given', () => {
    expect(triggerInputSchema.parse({})).toEqual({ message: 'Write a tweet about AI' });
    expect(triggerInputSchema.parse({ message: '  ' })).toEqual({ message: 'Write a tweet about AI' });
    expect(triggerInputSchema.parse({ message: 'Thread about rates' })).toEqual({ message: 'Thread about rates' });
  });
});
