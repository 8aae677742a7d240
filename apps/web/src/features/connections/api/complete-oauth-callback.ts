import {
  isOAuthPlatform,
  OAUTH_CALLBACK_MESSAGES,
  oauthCallbackPath,
  type OAuthPlatform,
  type OAuthExchangeAnswer,
} from '@agentcast/contracts/connections';
import { type OAuthAccountChoice, type OAuthExchangeResult } from '@agentcast/contracts/oauth-account-choice';
import { connectionsRoutes } from '@agentcast/contracts/api/connections-routes';
import { ApiError } from '../../../api/api-error.ts';
import { callApi } from '../../../api/call-api.ts';
import {
  forgetOAuthRound,
  forgetOAuthState,
  readOAuthRound,
  type OAuthAction,
} from '../../../lib/oauth/oauth-storage.ts';

type RoundTrip = {
  platform: OAuthPlatform;
  state: string;
  /** Where the round trip started, and the agent it was for (spec §4: a stored agent id names the agent). */
  action: OAuthAction | null;
  agentId: string | null;
};

export type CallbackOutcome =
  | (RoundTrip & { status: 'success'; answer: OAuthExchangeAnswer })
  /** The sign-in grants several accounts (a person's Facebook Pages): the person chooses one first. */
  | (RoundTrip & { status: 'choose'; choice: OAuthAccountChoice['choose'] })
  | { status: 'error'; platform: OAuthPlatform | null; state: string | null; message: string; details?: string };

const failure = (
  platform: OAuthPlatform | null,
  state: string | null,
  message: string,
  details?: string,
): CallbackOutcome => ({
  status: 'error',
  platform,
  state,
  message,
  details,
});

/**
 * Spec §5, the OAuth callback rules in their order: the platform from the path, the provider's error, the code,
 * the state against browser storage (single use), then the server's exchange, whose answer must say success.
 */
export const completeOAuthCallback = async (pathname: string, search: string): Promise<CallbackOutcome> => {
  const segment = pathname.split('/')[2];
  const params = new URLSearchParams(search);
  const state = params.get('state');
  if (!isOAuthPlatform(segment))
    return failure(null, state, OAUTH_CALLBACK_MESSAGES.unknownPlatform, `Callback path: ${pathname}`);
  const platform = segment;
  try {
    const error = params.get('error');
    if (error) {
      forgetOAuthState(platform);
      return failure(
        platform,
        state,
        params.get('error_description') || OAUTH_CALLBACK_MESSAGES.providerError(error),
        `Error code: ${error}`,
      );
    }
    const code = params.get('code');
    if (!code)
      return failure(
        platform,
        state,
        OAUTH_CALLBACK_MESSAGES.noCode,
        'The provider sent the browser back without an authorization code.',
      );
    const stored = readOAuthRound(platform);
    forgetOAuthState(platform);
    if (!state || state !== stored.state) {
      return failure(
        platform,
        state,
        OAUTH_CALLBACK_MESSAGES.invalidState,
        'This connection was not started in this browser, or it was already completed. Start connecting again.',
      );
    }
    let answer: OAuthExchangeResult;
    try {
      answer = await callApi(connectionsRoutes.exchangeOAuth, {
        json: { platform, code, state, redirect_uri: `${window.location.origin}${oauthCallbackPath(platform)}` },
      });
    } catch (exchangeError) {
      if (exchangeError instanceof ApiError && exchangeError.fieldErrors.state) {
        return failure(platform, state, OAUTH_CALLBACK_MESSAGES.invalidState, exchangeError.fieldErrors.state[0]);
      }
      return failure(platform, state, OAUTH_CALLBACK_MESSAGES.exchangeFailed, (exchangeError as Error).message);
    }
    if (!answer?.success)
      return failure(
        platform,
        state,
        OAUTH_CALLBACK_MESSAGES.exchangeFailed,
        'The server did not confirm the connection.',
      );
    const roundTrip = { platform, state, action: stored.action, agentId: stored.agentId };
    if ('choose' in answer) return { ...roundTrip, status: 'choose', choice: answer.choose };
    forgetOAuthRound(platform);
    return { ...roundTrip, status: 'success', answer };
  } catch (error) {
    return failure(
      platform,
      state,
      OAUTH_CALLBACK_MESSAGES.unexpected,
      error instanceof Error ? error.message : undefined,
    );
  }
};
