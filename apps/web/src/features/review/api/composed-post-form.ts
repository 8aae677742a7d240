import { POST_JSON_PART } from '@agentcast/contracts/api/agents-routes';
import type { ComposedPost } from '@agentcast/contracts/drafts';

/**
 * A written post as multipart/form-data: the text, time, platforms and texts as JSON in the "post" part, beside its
 * images or its video (the server tells them apart by their bytes, and refuses the two together).
 */
export const toComposedPostForm = (post: ComposedPost, files: readonly File[] = []) => {
  const form = new FormData();
  form.append(POST_JSON_PART, JSON.stringify(post));
  for (const file of files) form.append(file.type.startsWith('video/') ? 'video' : 'images', file);
  return form;
};
