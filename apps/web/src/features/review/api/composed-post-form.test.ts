import { describe, expect, it } from 'vitest';
import { composedPostFormSchema } from '@agentcast/contracts/api/agents-routes';
import { toComposedPostForm } from './composed-post-form.ts';

const file = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

describe('toComposedPostForm', () => {
  it('is read by the server’s schema as the post, its images in order', () => {
    const post = {
      text: 'Hello',
      publish_at: '2026-11-25T09:30:00.000Z',
      platforms: ['x', 'linkedin'],
      texts: { linkedin: 'Hello, LinkedIn' },
      draft: true,
    };
    const form = toComposedPostForm(post, [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg')]);

    const parsed = composedPostFormSchema.parse({ post: form.get('post'), images: form.getAll('images') });
    expect(parsed.post).toEqual(post);
    expect(parsed.images.map((image) => image.name)).toEqual(['a.png', 'b.jpg']);
    expect(parsed.video).toBeUndefined();
  });

  it('sends a video as the video part, and no file part without files', () => {
    const withVideo = toComposedPostForm({ text: 'Clip' }, [file('clip.mp4', 'video/mp4')]);
    expect((withVideo.get('video') as File).name).toBe('clip.mp4');
    const form = toComposedPostForm({ text: 'Now' });
    expect([...form.keys()]).toEqual(['post']);
    expect(composedPostFormSchema.parse(Object.fromEntries(form.entries())).post).toEqual({ text: 'Now' });
  });
});
