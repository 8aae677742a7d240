import {
  startOAuthProviderFake,
  type FakeOAuthPlatform,
  type OAuthProviderFake,
} from '@agentcast/test-fakes/oauth-provider-fake';
import type { ServicesConfig } from '../compose/start-services.ts';

export type OAuthFakes = Record<FakeOAuthPlatform, OAuthProviderFake> & {
  config: NonNullable<ServicesConfig['oauth']>;
  close: () => Promise<void>;
};

/** One loopback provider per platform, and the server configuration that points every endpoint at them. */
export const startOAuthFakes = async (): Promise<OAuthFakes> => {
  const linkedin = await startOAuthProviderFake('linkedin');
  const x = await startOAuthProviderFake('x');
  const youtube = await startOAuthProviderFake('youtube');
  const instagram = await startOAuthProviderFake('instagram');
  const threads = await startOAuthProviderFake('threads');
  // Facebook's Pages come from its Graph API fake (platforms-with-oauth.ts): here the login alone.
  const facebook = await startOAuthProviderFake('facebook');
  const tiktok = await startOAuthProviderFake('tiktok');
  const client = (fake: OAuthProviderFake) => ({ clientId: fake.clientId, clientSecret: fake.clientSecret });
  return {
    linkedin,
    x,
    youtube,
    instagram,
    threads,
    facebook,
    tiktok,
    config: {
      timeoutMs: 5000,
      linkedin: { ...client(linkedin), oauthBaseUrl: linkedin.baseUrl, apiBaseUrl: linkedin.baseUrl },
      x: { ...client(x), oauthBaseUrl: x.baseUrl, apiBaseUrl: x.baseUrl },
      youtube: {
        ...client(youtube),
        oauthBaseUrl: youtube.baseUrl,
        tokenBaseUrl: youtube.baseUrl,
        apiBaseUrl: youtube.baseUrl,
      },
      instagram: {
        ...client(instagram),
        oauthBaseUrl: instagram.baseUrl,
        tokenBaseUrl: instagram.baseUrl,
        apiBaseUrl: instagram.baseUrl,
      },
      threads: { ...client(threads), oauthBaseUrl: threads.baseUrl, apiBaseUrl: threads.baseUrl },
      facebook: {
        ...client(facebook),
        oauthBaseUrl: facebook.baseUrl,
        graphBaseUrl: facebook.baseUrl,
        graphVersion: 'v27.0',
      },
      tiktok: {
        clientKey: tiktok.clientId,
        clientSecret: tiktok.clientSecret,
        oauthBaseUrl: tiktok.baseUrl,
        apiBaseUrl: tiktok.baseUrl,
        audited: false,
      },
    },
    close: async () => {
      await Promise.all([linkedin, x, youtube, instagram, threads, facebook, tiktok].map((fake) => fake.close()));
    },
  };
};

/**
 * What a person does in the popup: opens the authorization URL, clicks Allow (or Deny), and is sent back. Answers
 * the URL the provider redirects to (the app's callback, with code and state, or error).
 */
export const decideAtProvider = async (authorizationUrl: string, decision: 'allow' | 'deny' = 'allow') => {
  const page = await fetch(authorizationUrl);
  const html = await page.text();
  const request = html.match(/name="request" value="([^"]+)"/)?.[1];
  if (page.status !== 200 || !request) throw new Error(`the authorization page refused: ${page.status} ${html}`);
  const answer = await fetch(new URL('/__decision', authorizationUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision }).toString(),
  });
  return new URL(answer.headers.get('location') ?? '');
};
