import { describe, expect, it } from 'vitest';
import { composedPostFormSchema } from '@agentcast/contracts/api/agents-routes';
import { toComposedPostForm } from './composed-post-form.ts';

describe('toComposedPostForm', () => {
  it('is read by the server’s schema as the text, the time and the image', () => {
    const image = new File([new Uint8Array([1, 2, 3])], 'photo.png', { type: 'image/png' });
    const form = toComposedPostForm({ text: 'Hello', publish_at: '2026-11-25T09:30:00.000Z' }, image);

    const parsed = composedPostFormSchema.parse(Object.fromEntries(form.entries()));
    expect(parsed.post).toEqual({ text: 'Hello', publish_at: '2026-11-25T09:30:00.000Z' });
    expect(parsed.image?.name).toBe('photo.png');
  });

  it('sends no image part without one', () => {
    const form = toComposedPostForm({ text: 'Now' });
    expect(form.has('image')).toBe(false);
    expect(composedPostFormSchema.parse(Object.fromEntries(form.entries())).post).toEqual({ text: 'Now' });
  });
});
