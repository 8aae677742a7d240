import type { z } from 'zod';
import type { composedPostFormSchema } from '@agentcast/contracts/api/agents-routes';
import type { ComposedPost } from '@agentcast/contracts/drafts';
import { pickBody, toUploadedFile } from './pick-body.ts';

type ComposedForm = z.output<typeof composedPostFormSchema>;

/** A post written in the Review tab, as JSON (text only) or as multipart/form-data (with an image). */
export const readComposedPost = async (
  contentType: string | undefined,
  json: ComposedPost | ComposedForm,
  form: ComposedPost | ComposedForm,
) => {
  const save = pickBody<ComposedPost, ComposedForm>(contentType, json, form);
  const post = save.kind === 'json' ? save.body : save.body.post;
  return {
    text: post.text,
    publishAt: post.publish_at ? new Date(post.publish_at) : undefined,
    image: save.kind === 'form' && save.body.image ? await toUploadedFile(save.body.image) : undefined,
  };
};
