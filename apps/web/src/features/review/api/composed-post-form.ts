import { POST_JSON_PART } from '@agentcast/contracts/api/agents-routes';
import type { ComposedPost } from '@agentcast/contracts/drafts';

/** A written post as multipart/form-data: the text (and time) as JSON in the "post" part, beside its image. */
export const toComposedPostForm = (post: ComposedPost, image?: File | null) => {
  const form = new FormData();
  form.append(POST_JSON_PART, JSON.stringify(post));
  if (image) form.append('image', image);
  return form;
};
