import type { ThreadsCall } from './threads-requester.ts';
import { PlatformError } from '../common/platform.ts';
import { settleDeletion } from '../common/settle-deletion.ts';

/**
 * Takes back one of the account's posts (`DELETE /{media-id}`, Threads' delete endpoint, 100 a day per account).
 * Threads answers a post it no longer has with "Object with ID … does not exist" (code 100, subcode 33): already
 * deleted, so that resolves, and repeating a delete whose answer was lost is safe.
 */
export const deleteThreadsPost = async (call: ThreadsCall, postId: string): Promise<void> => {
  if (!/^\d+$/.test(postId)) {
    throw new PlatformError(
      'threads',
      'permanent',
      'rejected',
      `"${postId}" is not a Threads post id (Threads' ids are digits), so there is nothing to delete.`,
    );
  }
  await settleDeletion('Threads', async () => {
    await call({
      method: 'DELETE',
      path: `/${postId}`,
      what: 'the deletion of the post',
      tolerates: (error, status) => status === 404 || (error.code === 100 && error.error_subcode === 33),
    });
  });
};
