import { isMissingObject } from './facebook-platform-error.ts';
import type { FacebookCall } from './facebook-requester.ts';
import type { ThreadMessage } from '../common/platform.ts';

type Node = { message?: unknown; from?: { name?: unknown }; parent?: { id?: unknown } };

/**
 * The conversation above a comment: the Page's post, then the comments it answers, oldest first, at most `limit`
 * (the nearest ones). A comment's id starts with its post's (`{post}_{comment}`), and the post's own id is that
 * behind the Page's (`{page}_{post}`): Graph gives a comment no field naming its post.
 */
export const findFacebookThread = async (
  call: FacebookCall,
  { pageId, commentId, limit }: { pageId: string; commentId: string; limit: number },
): Promise<ThreadMessage[]> => {
  const read = async (id: string, fields: string, { optional = false } = {}) =>
    (await call({
      method: 'GET',
      path: `/${encodeURIComponent(id)}`,
      query: { fields },
      what: 'the request for the conversation',
      permission: 'pages_read_user_content',
      // The post's id is inferred: when that is wrong, the comments above still make the conversation.
      ...(optional && { tolerates: isMissingObject }),
    })) as Node | undefined;
  const messages: ThreadMessage[] = [];
  const take = (node: Node | undefined) => {
    if (typeof node?.message === 'string' && typeof node.from?.name === 'string')
      messages.unshift({ authorUsername: node.from.name, text: node.message });
  };
  let parentId = (await read(commentId, 'parent{id}'))?.parent?.id;
  // Facebook nests replies two deep, so the walk is short; the bound guards against a loop all the same.
  for (let depth = 0; typeof parentId === 'string' && messages.length < limit && depth < limit; depth += 1) {
    const parent = await read(parentId, 'message,from{id,name},parent{id}');
    take(parent);
    parentId = parent?.parent?.id;
  }
  const postPart = commentId.split('_')[0];
  if (messages.length < limit && postPart)
    take(await read(`${pageId}_${postPart}`, 'message,from{id,name}', { optional: true }));
  return messages;
};
