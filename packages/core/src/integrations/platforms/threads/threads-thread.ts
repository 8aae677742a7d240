import type { ThreadsCall } from './threads-requester.ts';
import type { ThreadMessage } from '../common/platform.ts';

type Node = {
  id?: string;
  text?: string;
  username?: string;
  replied_to?: { id?: string };
  root_post?: { id?: string };
};

/**
 * The posts a reply answers, up to its conversation's first post, oldest first, at most `limit`: Threads gives each
 * post's parent (`replied_to`), so the chain is read one post at a time from the reply up. A post that is gone, or
 * one without text (an image alone), ends the chain or is left out; the reply is still written from what was read.
 */
export const findThreadsThread = async (call: ThreadsCall, postId: string, limit: number): Promise<ThreadMessage[]> => {
  const read = async (id: string) => {
    const body = (await call({
      method: 'GET',
      path: `/${encodeURIComponent(id)}`,
      query: { fields: 'id,text,username,replied_to,root_post' },
      what: 'the request for the conversation',
      tolerates: (error, status) => status === 404 || (error.code === 100 && error.error_subcode === 33),
    })) as (Node & { error?: unknown }) | undefined;
    return body && !body.error ? body : undefined;
  };
  const messages: ThreadMessage[] = [];
  const visited = new Set([postId]);
  let parentId = (await read(postId))?.replied_to?.id;
  while (parentId && !visited.has(parentId) && messages.length < limit) {
    visited.add(parentId);
    const parent = await read(parentId);
    if (!parent) break;
    if (parent.username && parent.text) messages.unshift({ authorUsername: parent.username, text: parent.text });
    parentId = parent.replied_to?.id;
  }
  return messages;
};
