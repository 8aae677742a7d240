import type { z } from 'zod';
import type { composedPostFormSchema } from '@agentcast/contracts/api/agents-routes';
import type { ComposedPost } from '@agentcast/contracts/drafts';
import { pickBody, toUploadedFile } from './pick-body.ts';

type ComposedForm = z.output<typeof composedPostFormSchema>;

/**
 * A post written in the Review tab, as JSON (no media) or as multipart/form-data (with images, `image` and
 * `images` together in order, or a video).
 */
export const readComposedPost = async (
  contentType: string | undefined,
  json: ComposedPost | ComposedForm,
  form: ComposedPost | ComposedForm,
) => {
  const save = pickBody<ComposedPost, ComposedForm>(contentType, json, form);
  const post = save.kind === 'json' ? save.body : save.body.post;
  const files = save.kind === 'form' ? save.body : undefined;
  const imageFiles = files ? [...(files.image ? [files.image] : []), ...files.images] : [];
  return {
    text: post.text,
    publishAt: post.publish_at ? new Date(post.publish_at) : undefined,
    platforms: post.platforms,
    texts: post.texts,
    draft: post.draft,
    images: await Promise.all(imageFiles.map(toUploadedFile)),
    video: files?.video ? await toUploadedFile(files.video) : undefined,
  };
};
