// Issue 33: one trigger of an agent that posts everywhere, on the fakes of every platform: how long from the
// trigger's answer (the post written and its media made) to the last platform's post, beside the same for X alone.
import type { Agent } from '@agentcast/contracts/agents';
import { POSTING_PLATFORMS, type PostingPlatform } from '@agentcast/contracts/connections';
import type { TerminalPage } from '@agentcast/contracts/terminal';
import { startBlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startDiscordApiFake } from '@agentcast/test-fakes/discord-api-fake';
import { startMastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import { startNeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import { mnemonicToAccount } from 'viem/accounts';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import {
  startFacebookWithOAuth,
  startInstagramWithOAuth,
  startLinkedInWithOAuth,
  startThreadsWithOAuth,
  startTikTokWithOAuth,
  startXWithOAuth,
  startYouTubeWithOAuth,
  type PlatformWithOAuth,
} from '@agentcast/test-fakes/platforms-with-oauth';
import { startTelegramApiFake } from '@agentcast/test-fakes/telegram-api-fake';
import { putOnPlan, signUpVerifiedUser } from '../../apps/server/src/testing/accounts.ts';
import { connectMastodon } from '../../apps/server/src/testing/connect-mastodon.ts';
import { connectPlatform } from '../../apps/server/src/testing/connect-platform.ts';
import { validAgent } from '../../apps/server/src/testing/fixtures.ts';
import { readJson, type HttpClient } from '../../apps/server/src/testing/http-client.ts';
import { startTestServer } from '../../apps/server/src/testing/start-test-server.ts';

export type TriggerTiming = {
  platforms: PostingPlatform[];
  /** From the trigger request to its answer: the post written and its media made. */
  answeredMs: number;
  /** From the answer to the last platform's post. */
  publishedMs: number;
  posted: number;
};

const client = (fake: PlatformWithOAuth<unknown>) => ({
  clientId: fake.oauth.clientId,
  clientSecret: fake.oauth.clientSecret,
  oauthBaseUrl: fake.oauth.baseUrl,
  apiBaseUrl: fake.baseUrl,
});

/** Waits until every platform's delivery of the agent's newest entry is posted (or failed); answers how many posted. */
const settle = async (browser: HttpClient, agentId: string, count: number) => {
  for (;;) {
    const page = (await readJson(await browser.get(`/api/terminal?agent_id=${agentId}`))) as TerminalPage;
    const deliveries = (page.messages[0]?.deliveries ?? []).filter((item) => item.platform !== 'terminal');
    const settled = deliveries.filter((item) => item.status === 'posted' || item.status === 'failed');
    if (deliveries.length === count && settled.length === count)
      return settled.filter((item) => item.status === 'posted').length;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

export const benchAllPlatforms = async (): Promise<TriggerTiming[]> => {
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Post number {n}: small models, {varied}. #AI' };
  const [x, linkedin, instagram, youtube, threads, facebook, tiktok] = await Promise.all([
    startXWithOAuth(),
    startLinkedInWithOAuth(),
    startInstagramWithOAuth(),
    startYouTubeWithOAuth(),
    startThreadsWithOAuth(),
    startFacebookWithOAuth(),
    startTikTokWithOAuth(),
  ]);
  // The person who signs in with Facebook manages one Page: it is connected at once.
  facebook.api.addPage({ name: 'Bench Page', user: facebook.api.addUser({ id: facebook.oauth.account.id }) });
  const bluesky = await startBlueskyApiFake();
  const telegram = await startTelegramApiFake();
  const discord = await startDiscordApiFake();
  const mastodon = await startMastodonApiFake();
  const farcasterApp = { fid: 977233, mnemonic: 'test test test test test test test test test test test junk' };
  const neynar = await startNeynarApiFake({
    appFid: farcasterApp.fid,
    appCustodyAddress: mnemonicToAccount(farcasterApp.mnemonic).address,
  });
  const server = await startTestServer({
    llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
    oauth: {
      timeoutMs: 5000,
      x: client(x),
      linkedin: client(linkedin),
      instagram: { ...client(instagram), tokenBaseUrl: instagram.oauth.baseUrl },
      youtube: { ...client(youtube), tokenBaseUrl: youtube.oauth.baseUrl },
      threads: client(threads),
      facebook: { ...client(facebook), graphBaseUrl: facebook.baseUrl, graphVersion: 'v27.0' },
      tiktok: {
        clientKey: tiktok.oauth.clientId,
        clientSecret: tiktok.oauth.clientSecret,
        oauthBaseUrl: tiktok.oauth.baseUrl,
        apiBaseUrl: tiktok.baseUrl,
        audited: false,
      },
    },
    platformApis: {
      xBaseUrl: x.baseUrl,
      linkedinBaseUrl: linkedin.baseUrl,
      instagramBaseUrl: instagram.baseUrl,
      youtubeBaseUrl: youtube.baseUrl,
      threadsBaseUrl: threads.baseUrl,
      facebookBaseUrl: facebook.baseUrl,
      tiktok: { baseUrl: tiktok.baseUrl, audited: false },
      blueskyBaseUrl: bluesky.baseUrl,
      telegramBaseUrl: telegram.baseUrl,
      discordBaseUrl: discord.baseUrl,
      farcaster: {
        apiKey: neynar.apiKey,
        baseUrl: neynar.baseUrl,
        appFid: farcasterApp.fid,
        appMnemonic: farcasterApp.mnemonic,
      },
      timeoutMs: 5000,
      mediaPollIntervalMs: 20,
    },
    timeScale: 60,
  });
  try {
    const account = await signUpVerifiedUser(server);
    const browser = account.browser;
    await putOnPlan(server, account.email, 'enterprise');
    for (const platform of ['x', 'linkedin', 'instagram', 'youtube', 'threads', 'facebook', 'tiktok'] as const)
      await connectPlatform(server, browser, platform);
    const blueskyAccount = bluesky.addAccount();
    await browser.post('/api/connections/credentials', {
      platform: 'bluesky',
      handle: blueskyAccount.handle,
      app_password: blueskyAccount.appPassword,
    });
    const bot = telegram.addBot();
    const channel = telegram.addChat({ type: 'channel', title: 'Bench', username: 'bench_channel' });
    telegram.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: true });
    await browser.post('/api/connections/credentials', {
      platform: 'telegram',
      bot_token: bot.token,
      chat: channel.id,
    });
    await browser.post('/api/connections/credentials', { platform: 'discord', webhook_url: discord.addWebhook().url });
    await connectMastodon(server, browser, mastodon, mastodon.addAccount().id);
    const { request_id: requestId } = (await readJson(await browser.post('/api/connections/farcaster', {}))) as {
      request_id: string;
    };
    neynar.approveSigner(neynar.signers.at(-1)!.uuid, { fid: 7, username: 'bench' });
    await browser.get(`/api/connections/farcaster/${requestId}`);

    const measure = async (platforms: PostingPlatform[]): Promise<TriggerTiming> => {
      const agent = (await readJson(
        await browser.post(
          '/api/agents',
          validAgent({
            activities: ['post'],
            graphic: true,
            video: true,
            post_configuration: { topics: ['AI'], clients: ['terminal', ...platforms] },
          }),
        ),
      )) as Agent;
      const began = performance.now();
      const answer = await browser.post(`/api/agents/${agent.id}/trigger`, {});
      const answered = performance.now();
      if (answer.status !== 200) throw new Error(`trigger failed: ${answer.status} ${await answer.text()}`);
      const posted = await settle(browser, agent.id, platforms.length);
      return {
        platforms,
        answeredMs: answered - began,
        publishedMs: performance.now() - answered,
        posted,
      };
    };
    const alone = await measure(['x']);
    const everywhere = await measure([...POSTING_PLATFORMS]);
    return [alone, everywhere];
  } finally {
    await server.close();
    await Promise.all(
      [
        llm,
        x,
        linkedin,
        instagram,
        youtube,
        threads,
        facebook,
        tiktok,
        bluesky,
        telegram,
        discord,
        mastodon,
        neynar,
      ].map((fake) => fake.close()),
    );
  }
};
