import { setTimeout as sleep } from 'node:timers/promises';
import { describeSeconds } from '../common/describe-seconds.ts';
import type { LinkedInAnswer, LinkedInRequest } from './linkedin-requester.ts';
import { PlatformError, type PostMedia } from '../common/platform.ts';

export type LinkedInImageOptions = { pollIntervalMs: number; processingTimeoutMs: number };

type InitializeAnswer = { value?: { uploadUrl?: string; image?: string } };

/**
 * An image through LinkedIn's Images API: initializeUpload for the member, PUT of the bytes to the upload URL,
 * then the image's status until LinkedIn has it AVAILABLE — a post naming an image still processing is refused.
 * Returns the image URN for the post's content.
 */
export const uploadLinkedInImage = async (
  call: (request: LinkedInRequest) => Promise<LinkedInAnswer>,
  { owner, image, options }: { owner: string; image: PostMedia; options: LinkedInImageOptions },
): Promise<string> => {
  const what = 'the image upload';
  const initialized = await call({
    method: 'POST',
    path: '/rest/images',
    query: { action: 'initializeUpload' },
    json: { initializeUploadRequest: { owner } },
    what,
  });
  const { uploadUrl, image: urn } = (initialized.body as InitializeAnswer).value ?? {};
  if (!uploadUrl || !urn) {
    throw new PlatformError(
      'linkedin',
      'transient',
      'media_failed',
      'LinkedIn did not give an upload address for the image.',
    );
  }
  await call({ method: 'PUT', path: uploadUrl, bytes: { body: image.bytes, contentType: image.contentType }, what });

  const deadline = Date.now() + options.processingTimeoutMs;
  for (;;) {
    const { body } = await call({ method: 'GET', path: `/rest/images/${encodeURIComponent(urn)}`, what });
    const status = (body as { status?: string }).status;
    if (status === 'AVAILABLE') return urn;
    if (status === 'PROCESSING_FAILED') {
      throw new PlatformError('linkedin', 'permanent', 'media_failed', 'LinkedIn could not process the image.');
    }
    if (Date.now() + options.pollIntervalMs > deadline) {
      throw new PlatformError(
        'linkedin',
        'transient',
        'media_failed',
        `LinkedIn was still processing the image after ${describeSeconds(options.processingTimeoutMs)}.`,
      );
    }
    await sleep(options.pollIntervalMs);
  }
};
