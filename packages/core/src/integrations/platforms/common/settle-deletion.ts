import { PlatformError } from './platform.ts';

/**
 * Runs a platform's delete request and settles what its failures mean for the person taking a post back. A 404
 * is success: the post is gone, whether an earlier attempt whose answer was lost removed it or the person deleted
 * it by hand. A 403 on a delete almost always means the post is another account's, which the platforms' own words
 * (LinkedIn's "Not enough permissions to access: …") do not say, so the message does.
 */
export const settleDeletion = async (name: string, deletion: () => Promise<void>): Promise<void> => {
  try {
    await deletion();
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 404) return;
    if (error.reason !== 'forbidden') throw error;
    throw new PlatformError(
      error.platform,
      'permanent',
      'forbidden',
      `${error.message} Only the account that published a post can delete it: check that this post belongs to the connected ${name} account.`,
      { status: error.status, cause: error },
    );
  }
};
