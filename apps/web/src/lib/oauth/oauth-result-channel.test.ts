import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OAuthResultMessage } from '@agentcast/contracts/connections';
import { listenForOAuthResults } from './oauth-result-channel.ts';

const RESULT: OAuthResultMessage = { source: 'agentcast-oauth', platform: 'linkedin', state: 'st', status: 'success' };
let unsubscribe: () => void = () => undefined;
afterEach(() => unsubscribe());

describe('listenForOAuthResults (spec §5: popup messages only from the same origin)', () => {
  it('takes a result posted from our own origin', () => {
    const onResult = vi.fn();
    unsubscribe = listenForOAuthResults(onResult);
    window.dispatchEvent(new MessageEvent('message', { data: RESULT, origin: window.location.origin }));
    expect(onResult).toHaveBeenCalledWith(RESULT);
  });

  it('ignores the same message from another origin, and anything that is not a result', () => {
    const onResult = vi.fn();
    unsubscribe = listenForOAuthResults(onResult);
    window.dispatchEvent(new MessageEvent('message', { data: RESULT, origin: 'https://evil.example' }));
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...RESULT, source: 'someone-else' }, origin: window.location.origin }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { data: { ...RESULT, platform: 'myspace' }, origin: window.location.origin }),
    );
    expect(onResult).not.toHaveBeenCalled();
  });
});
