import { useCallback, useEffect, useRef, useState } from 'react';
import {
  CONNECTION_MESSAGES,
  OAUTH_TIMINGS,
  oauthCallbackPath,
  type OAuthPlatform,
  type OAuthResultMessage,
} from '@agentcast/contracts/connections';
import { startOAuth } from '../../api/connections.ts';
import { listenForOAuthResults } from './oauth-result-channel.ts';
import { rememberOAuthRound, type OAuthAction } from './oauth-storage.ts';

type ConnectOptions = {
  action: OAuthAction;
  agentId?: string;
  newAgent?: boolean;
  /** The person's own server (a Mastodon instance). */
  instance?: string;
  /** Why the server would not start (e.g. an instance it may not call), for a form to show; absent: spec §8's alert. */
  onStartError?: (error: unknown) => void;
};
type Round = { platform: OAuthPlatform; state?: string; handled: boolean };

/** Spec §7: a 500×600 popup, centred over the page. */
const popupFeatures = () => {
  const { popupWidth: width, popupHeight: height } = OAUTH_TIMINGS;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
};

/**
 * Connecting a platform in a popup (spec §2, §4, §7): the server starts the round trip and gives the provider's
 * URL and the state, which is kept in browser storage; the popup comes back to the callback screen, which reports
 * how it ended. `onConnected` gets the connection (no token); `onSettled` runs when the round ends either way,
 * including when the person closes the popup (checked every second), to refresh what the page shows.
 */
export const useOAuthPopup = ({
  onConnected,
  onSettled,
}: {
  onConnected?: (message: OAuthResultMessage) => void;
  onSettled?: () => void;
}) => {
  const [connecting, setConnecting] = useState<OAuthPlatform | null>(null);
  const round = useRef<Round | null>(null);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  const callbacks = useRef({ onConnected, onSettled });
  useEffect(() => {
    callbacks.current = { onConnected, onSettled };
  });

  const stopWatching = useCallback(() => {
    clearInterval(timer.current);
    setConnecting(null);
  }, []);

  useEffect(() => {
    const unsubscribe = listenForOAuthResults((message) => {
      const current = round.current;
      // Only the answer to our own round, once (it may arrive by postMessage and by the channel).
      if (!current || current.handled || current.platform !== message.platform || current.state !== message.state)
        return;
      current.handled = true;
      stopWatching();
      if (message.status === 'success') callbacks.current.onConnected?.(message);
      else window.alert(CONNECTION_MESSAGES.popupFailed(message.platform));
      callbacks.current.onSettled?.();
    });
    return () => {
      unsubscribe();
      clearInterval(timer.current);
    };
  }, [stopWatching]);

  const connect = useCallback(
    async (platform: OAuthPlatform, { action, agentId, newAgent, instance, onStartError }: ConnectOptions) => {
      // Opened at once, within the click, or popup blockers step in; it is sent to the provider once started.
      const popup = window.open('about:blank', `agentcast-oauth-${platform}`, popupFeatures());
      if (!popup) {
        window.alert(CONNECTION_MESSAGES.popupFailed(platform));
        return;
      }
      clearInterval(timer.current);
      round.current = { platform, handled: false };
      setConnecting(platform);
      try {
        const redirectUri = `${window.location.origin}${oauthCallbackPath(platform)}`;
        const started = await startOAuth({ platform, redirect_uri: redirectUri, agentId, newAgent, instance });
        rememberOAuthRound({ platform, state: started.state, agentId, action });
        round.current.state = started.state;
        popup.location.href = started.url;
      } catch (error) {
        popup.close();
        stopWatching();
        if (onStartError) return onStartError(error);
        // Spec §8's text, exactly; why the start failed goes to the console.
        console.error(error);
        window.alert(CONNECTION_MESSAGES.popupFailed(platform));
        return;
      }
      timer.current = setInterval(() => {
        if (!popup.closed) return;
        // The result, if any, has normally arrived already; one that comes later is still taken.
        stopWatching();
        callbacks.current.onSettled?.();
      }, OAUTH_TIMINGS.popupCheck);
    },
    [stopWatching],
  );

  return { connect, connecting };
};
