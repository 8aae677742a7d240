import {
  oauthCallbackPath,
  type OAuthPlatform,
  type OAuthExchangeAnswer,
  type OAuthStartAnswer,
} from '@agentcast/contracts/connections';
import type { HttpClient } from './http-client.ts';
import { decideAtProvider } from './oauth-fakes.ts';
import type { TestServer } from './start-test-server.ts';

export type ConnectResult = {
  start: OAuthStartAnswer;
  authorizationUrl: URL;
  exchange: OAuthExchangeAnswer;
  /** The raw text of every API answer on the way, to assert what must never appear in them. */
  answers: string[];
};

/**
 * The whole round trip as the web app and the person do it: start on our server, Allow at the provider, exchange
 * the code that came back. Throws with the server's answer when a step fails.
 */
export const connectPlatform = async (
  server: TestServer,
  browser: HttpClient,
  platform: OAuthPlatform,
  options: { agentId?: string; newAgent?: boolean } = {},
): Promise<ConnectResult> => {
  const redirectUri = `${server.url}${oauthCallbackPath(platform)}`;
  const answers: string[] = [];
  const startResponse = await browser.post('/api/oauth/start', { platform, redirect_uri: redirectUri, ...options });
  answers.push(await startResponse.text());
  if (startResponse.status !== 200) throw new Error(`start failed: ${startResponse.status} ${answers[0]}`);
  const start = JSON.parse(answers[0] as string) as OAuthStartAnswer;
  const callback = await decideAtProvider(start.url, 'allow');
  const exchangeResponse = await browser.post('/api/oauth/exchange', {
    platform,
    code: callback.searchParams.get('code'),
    state: callback.searchParams.get('state'),
    redirect_uri: redirectUri,
  });
  answers.push(await exchangeResponse.text());
  if (exchangeResponse.status !== 200) throw new Error(`exchange failed: ${exchangeResponse.status} ${answers[1]}`);
  return {
    start,
    authorizationUrl: new URL(start.url),
    exchange: JSON.parse(answers[1] as string) as OAuthExchangeAnswer,
    answers,
  };
};
