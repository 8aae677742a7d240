import { describe, expect, it } from 'vitest';
import { platformErrorFromStatus } from './platform-error-from-status.ts';

const answer = { platform: 'x' as const, name: 'X', what: 'the post' };

describe('a platform error answer, classified', () => {
  it.each([
    [400, 'The text is empty', 'permanent', 'rejected', 'X rejected the post (400: The text is empty).'],
    [404, undefined, 'permanent', 'rejected', 'X rejected the post (404).'],
    [422, 'Unprocessable', 'permanent', 'rejected', 'X rejected the post (422: Unprocessable).'],
    [
      403,
      'You are not permitted to perform this action.',
      'permanent',
      'forbidden',
      'X refused the post (403: You are not permitted to perform this action).',
    ],
    [408, undefined, 'transient', 'platform_unavailable', 'X failed on its side (408).'],
    [502, 'Bad Gateway', 'transient', 'platform_unavailable', 'X failed on its side (502: Bad Gateway).'],
    [429, undefined, 'transient', 'rate_limited', 'X is rate-limiting this account (429).'],
  ])('%i → %s', (status, detail, kind, reason, message) => {
    expect(platformErrorFromStatus({ ...answer, status, detail })).toMatchObject({ kind, reason, status, message });
  });

  it('a token the platform calls expired or revoked means reconnecting, whatever the status', () => {
    expect(
      platformErrorFromStatus({
        ...answer,
        status: 400,
        detail: 'The token used in the request has expired',
        reconnect: true,
      }),
    ).toMatchObject({
      kind: 'permanent',
      reason: 'reconnect_required',
      message:
        "X no longer accepts this account's authorization (400: The token used in the request has expired). Reconnect the X account to go on posting.",
    });
  });
});
