import { isOAuthResultMessage, type OAuthResultMessage } from '@agentcast/contracts/connections';

const CHANNEL = 'agentcast-oauth';

/**
 * Tells the page that opened the popup how the connection ended (never with a token): by postMessage to the
 * opener, restricted to our own origin, and on a BroadcastChannel (same origin by nature) for when a provider's
 * own Cross-Origin-Opener-Policy has cut the popup from its opener.
 */
export const announceOAuthResult = (message: OAuthResultMessage) => {
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    try {
      opener.postMessage(message, window.location.origin);
    } catch {
      // The opener navigated elsewhere; the channel below still carries the result.
    }
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
};

/** Spec §5: popup messages are accepted only from our own origin. Returns the unsubscribe function. */
export const listenForOAuthResults = (onResult: (message: OAuthResultMessage) => void) => {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || !isOAuthResultMessage(event.data)) return;
    onResult(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (isOAuthResultMessage(event.data)) onResult(event.data);
  });
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
};
