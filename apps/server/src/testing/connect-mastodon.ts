import { oauthCallbackPath, type OAuthExchangeAnswer, type OAuthStartAnswer } from '@agentcast/contracts/connections';
import type { MastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import type { HttpClient } from './http-client.ts';
import type { TestServer } from './start-test-server.ts';

/** The person on the instance's authorization page: Authorize (or Deny), and where the instance sends them back. */
export const decideOnInstance = async (authorizationUrl: string, decision: 'authorize' | 'deny' = 'authorize') => {
  const html = await (await fetch(authorizationUrl)).text();
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!request) throw new Error(`the instance's authorization page refused: ${html}`);
  const answer = await fetch(
    new URL(`/oauth/authorize/decision?request=${request}&decision=${decision}`, authorizationUrl),
    { redirect: 'manual' },
  );
  return new URL(answer.headers.get('location') ?? '');
};

/**
 * Connects a Mastodon account as the web app and the person do it: start on our server naming the instance,
 * Authorize there as `accountId`, exchange the code that came back. Throws with the server's answer when a step
 * fails.
 */
export const connectMastodon = async (
  server: TestServer,
  browser: HttpClient,
  instance: MastodonApiFake,
  accountId: string,
  options: { agentId?: string; newAgent?: boolean } = {},
): Promise<OAuthExchangeAnswer> => {
  const redirectUri = `${server.url}${oauthCallbackPath('mastodon')}`;
  instance.signIn(accountId);
  const started = await browser.post('/api/oauth/start', {
    platform: 'mastodon',
    redirect_uri: redirectUri,
    instance: instance.baseUrl,
    ...options,
  });
  if (started.status !== 200) throw new Error(`start failed: ${started.status} ${await started.text()}`);
  const back = await decideOnInstance(((await started.json()) as OAuthStartAnswer).url);
  const exchange = await browser.post('/api/oauth/exchange', {
    platform: 'mastodon',
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
    redirect_uri: redirectUri,
  });
  if (exchange.status !== 200) throw new Error(`exchange failed: ${exchange.status} ${await exchange.text()}`);
  return (await exchange.json()) as OAuthExchangeAnswer;
};
