import { describe, expect, it } from 'vitest';
import type { MediaItem } from '@agentcast/contracts/terminal';
import {
  instagramAspect,
  instagramCaptionStart,
  instagramMedium,
  missingMediaNote,
  firstVideo,
} from './platform-media.ts';

const image: MediaItem = { kind: 'image', url: 'https://cdn.example/agent-media/u_1.png' };
const video: MediaItem = { kind: 'video', url: 'https://cdn.example/agent-media/u_2.mp4' };
const posterOfVideo = 'https://cdn.example/agent-media/u_2-poster.png';

describe('the medium each platform takes', () => {
  it('on Instagram is the video as a Reel when there is one, else the first image; on YouTube the video', () => {
    expect(instagramMedium([image, video])).toEqual({ ...video, poster: posterOfVideo });
    expect(instagramMedium([image, { kind: 'image', url: 'https://cdn.example/b.png' }])).toEqual(image);
    expect(instagramMedium([])).toBeUndefined();
    expect(firstVideo([image, video])).toEqual({ ...video, poster: posterOfVideo });
    expect(firstVideo([image])).toBeUndefined();
    // A video that is not a run's has no stored poster: the player's own first frame shows.
    expect(firstVideo([{ kind: 'video', url: 'https://cdn.example/clip.mp4' }])).toEqual({
      kind: 'video',
      url: 'https://cdn.example/clip.mp4',
    });
  });

  it('is missing, with a note, when Instagram gets no picture or video and YouTube no video', () => {
    expect(missingMediaNote('instagram', [])).toBe(
      'Instagram needs a picture or a video: this post will not go to Instagram.',
    );
    expect(missingMediaNote('instagram', [image])).toBeUndefined();
    expect(missingMediaNote('youtube', [image])).toBe('YouTube needs a video: this post will not go to YouTube.');
    expect(missingMediaNote('youtube', [video])).toBeUndefined();
    expect(missingMediaNote('x', [])).toBeUndefined();
  });
});

describe('an image on Instagram', () => {
  it('keeps its shape between 4:5 and 1.91:1, cropped to the nearer one beyond', () => {
    expect(instagramAspect(1200, 675)).toBeCloseTo(1200 / 675);
    expect(instagramAspect(1080, 1080)).toBe(1);
    expect(instagramAspect(1080, 1920)).toBe(0.8);
    expect(instagramAspect(3000, 1000)).toBe(1.91);
    expect(instagramAspect(0, 0)).toBe(1);
  });
});

describe('the start of an Instagram caption', () => {
  it('is the whole caption up to about 125 characters', () => {
    const caption = 'a'.repeat(125);
    expect(instagramCaptionStart(`  ${caption}  `)).toEqual({ shown: caption, isCut: false });
  });

  it('is cut after a whole word past 125 characters', () => {
    const words =
      'Agents that post on their own need a person who can step in before anything goes out, every single time they are about to post.';
    expect(words.length).toBeGreaterThan(125);
    const { shown, isCut } = instagramCaptionStart(words);
    expect(isCut).toBe(true);
    expect(shown).toBe(
      'Agents that post on their own need a person who can step in before anything goes out, every single time they are about to',
    );
    expect(shown.length).toBeLessThanOrEqual(125);
  });

  it('drops the full stop or comma where it is cut, which the ellipsis then stands for', () => {
    const sentence = `${'a'.repeat(119)} done.`;
    expect(sentence).toHaveLength(125);
    expect(instagramCaptionStart(`${sentence} #AI and more`)).toEqual({
      shown: `${'a'.repeat(119)} done`,
      isCut: true,
    });
    expect(instagramCaptionStart(sentence)).toEqual({ shown: sentence, isCut: false });
  });

  it('is the first two lines of a caption of more lines, and cuts inside a word longer than the preview', () => {
    // The ellipsis that follows stands for the full stop.
    expect(instagramCaptionStart('One.\nTwo.\nThree.')).toEqual({ shown: 'One.\nTwo', isCut: true });
    expect(instagramCaptionStart('x'.repeat(200)).shown).toBe('x'.repeat(125));
  });
});
