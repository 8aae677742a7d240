// Issue 34 §5: 1,000 mentions spread over four platforms (Bluesky, Mastodon, Farcaster, Telegram) arrive in three
// waves while the server is restarted twice in the middle of answering them. Every mention must end answered once
// or explained (a reply guard's sentence), none answered twice, none lost.
import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { mnemonicToAccount } from 'viem/accounts';
import type { Agent } from '@agentcast/contracts/agents';
import type { FarcasterSignerRequest } from '@agentcast/contracts/farcaster-signer';
import { agentRun } from '@agentcast/db/schema/runs';
import { createTestDatabase } from '@agentcast/db/testing/create-test-database';
import { startBlueskyApiFake } from '@agentcast/test-fakes/bluesky-api-fake';
import { startMastodonApiFake } from '@agentcast/test-fakes/mastodon-api-fake';
import { startNeynarApiFake } from '@agentcast/test-fakes/neynar-api-fake';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { startTelegramApiFake } from '@agentcast/test-fakes/telegram-api-fake';
import { appTestDatabaseTemplate } from '../../apps/server/src/compose/app-database-seed.ts';
import { putOnPlan, signUpVerifiedUser } from '../../apps/server/src/testing/accounts.ts';
import { connectMastodon } from '../../apps/server/src/testing/connect-mastodon.ts';
import { validAgent } from '../../apps/server/src/testing/fixtures.ts';
import { readJson } from '../../apps/server/src/testing/http-client.ts';
import { startTestServer } from '../../apps/server/src/testing/start-test-server.ts';

const APP_MNEMONIC = 'test test test test test test test test test test test junk';
const APP_FID = 977233;
const PLATFORMS = ['bluesky', 'mastodon', 'farcaster', 'telegram'] as const;
type Platform = (typeof PLATFORMS)[number];
/** Mentions per platform in each wave: 1,000 in all. */
const WAVES = [100, 75, 75] as const;
/** Of each platform's 250, this many come from one blocked author (explained, not answered). */
const FROM_BLOCKED = 10;
/** Given up on after this long without every mention settled. */
const GIVE_UP_MS = 15 * 60_000;

export type IntakeOutcome = {
  mentions: number;
  answered: number;
  explained: number;
  answeredTwice: number;
  lost: number;
  restarts: number;
  elapsedMs: number;
  modelCalls: number;
  /** Answered mentions by platform: where a shortfall is. */
  answeredBy: Record<Platform, number>;
};

export const benchMentionIntake = async (): Promise<IntakeOutcome> => {
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Thanks for asking: start small, then measure. {varied}' };
  const bluesky = await startBlueskyApiFake();
  const mastodon = await startMastodonApiFake();
  const neynar = await startNeynarApiFake({
    appFid: APP_FID,
    appCustodyAddress: mnemonicToAccount(APP_MNEMONIC).address,
  });
  const telegram = await startTelegramApiFake();
  const database = await createTestDatabase(appTestDatabaseTemplate());
  // One key across restarts, as a deployment keeps its ENCRYPTION_KEY: the sealed tokens stay readable.
  const encryptionKey = randomBytes(32).toString('base64');
  const start = () =>
    startTestServer({
      database,
      encryptionKey,
      llm: { apiKey: 'sk-test', baseURL: llm.baseURL, timeoutMs: 5000, maxRetries: 0 },
      platformApis: {
        blueskyBaseUrl: bluesky.baseUrl,
        telegramBaseUrl: telegram.baseUrl,
        timeoutMs: 5000,
        farcaster: { apiKey: neynar.apiKey, baseUrl: neynar.baseUrl, appFid: APP_FID, appMnemonic: APP_MNEMONIC },
      },
      timeScale: 60,
      chatPollMs: 120_000,
    });
  let server = await start();
  try {
    const person = await signUpVerifiedUser(server);
    // Enterprise: no daily reply limit, so every mention from an author not blocked is answered.
    await putOnPlan(server, person.email, 'enterprise');
    const { browser } = person;
    const sky = bluesky.addAccount({ handle: 'intake.bsky.social' });
    await browser.post('/api/connections/credentials', {
      platform: 'bluesky',
      handle: sky.handle,
      app_password: sky.appPassword,
    });
    const toot = mastodon.addAccount({ username: 'intake' });
    await connectMastodon(server, browser, mastodon, toot.id);
    const signer = (await readJson(await browser.post('/api/connections/farcaster', {}))) as FarcasterSignerRequest;
    neynar.approveSigner(neynar.signers.at(-1)!.uuid, { fid: 404, username: 'intake' });
    while ((await readJson(await browser.get(`/api/connections/farcaster/${signer.request_id}`))).status !== 'approved')
      await wait(100);
    const bot = telegram.addBot({ username: 'intake_bot' });
    const channel = telegram.addChat({ type: 'channel', title: 'Intake news', username: 'intake_news' });
    telegram.setMember(channel.id, bot.id, { status: 'administrator', can_post_messages: true });
    const group = telegram.addChat({ type: 'supergroup', title: 'Intake chat', username: 'intake_chat' });
    telegram.setMember(group.id, bot.id, { status: 'administrator' });
    await browser.post('/api/connections/credentials', {
      platform: 'telegram',
      bot_token: bot.token,
      chat: '@intake_news',
    });
    const agent = (await readJson(
      await browser.post(
        '/api/agents',
        validAgent({
          activities: ['chat'],
          chat_configuration: {
            clients: [...PLATFORMS],
            enabled: true,
            reply_to_replies: true,
            reply_to_usernames: [],
          },
          reply_guards: { block_list: ['blocked.bsky.social', 'blocked', 'blocked_tg'] },
        }),
      ),
    )) as Agent;

    // Each mention: its platform and its id there (as the reply run names it).
    const seeded: { platform: Platform; postId: string; answers: () => number }[] = [];
    const blockedSky = bluesky.addAccount({ handle: 'blocked.bsky.social' });
    const blockedToot = mastodon.addAccount({ username: 'blocked' });
    const seed = async (platform: Platform, index: number) => {
      const blocked = index % 25 === 0 && index / 25 < FROM_BLOCKED;
      const text = (handle: string) => `${handle} question ${index}: which model first?`;
      if (platform === 'bluesky') {
        const author = blocked ? blockedSky : bluesky.addAccount({ handle: `fan-${index}.bsky.social` });
        const post = bluesky.seedPost(author, { text: text(`@${sky.handle}`), mentions: [sky] });
        const answers = () =>
          bluesky.posts.filter(
            (p) => (p.value.reply as { parent?: { uri?: string } } | undefined)?.parent?.uri === post.uri,
          ).length;
        seeded.push({ platform, postId: post.uri, answers });
      } else if (platform === 'mastodon') {
        const author = blocked ? blockedToot : mastodon.addAccount({ username: `fan${index}` });
        const status = mastodon.seedStatus(author, { text: text('@intake') });
        seeded.push({
          platform,
          postId: status.id,
          answers: () => mastodon.statuses.filter((s) => s.inReplyToId === status.id).length,
        });
      } else if (platform === 'farcaster') {
        const author = blocked
          ? { fid: 90_000, username: 'blocked' }
          : { fid: 10_000 + index, username: `fan${index}` };
        const cast = neynar.seedCast(author, { text: text('@intake') });
        seeded.push({
          platform,
          postId: cast.hash,
          answers: () => neynar.casts.filter((c) => c.parent === cast.hash).length,
        });
      } else {
        const from = blocked
          ? { id: '95000', firstName: 'Blocked', username: 'blocked_tg' }
          : { id: String(96_000 + index), firstName: 'Fan', username: `fan_${index}` };
        const messageId = await telegram.postMessage({ chatId: group.id, from, text: text('@intake_bot') });
        const answers = () =>
          telegram.messages.filter((m) => m.chatId === group.id && m.botId === bot.id && m.replyTo === messageId)
            .length;
        seeded.push({ platform, postId: `${group.id}:${messageId}`, answers });
      }
    };

    const runsOfAgent = () =>
      database.db
        .select({ status: agentRun.status, replyTo: agentRun.replyTo })
        .from(agentRun)
        .where(and(eq(agentRun.agentId, agent.id), eq(agentRun.kind, 'reply')));
    const started = Date.now();
    let index = 0;
    let restarts = 0;
    for (const [wave, perPlatform] of WAVES.entries()) {
      for (let i = 0; i < perPlatform; i += 1, index += 1)
        for (const platform of PLATFORMS) await seed(platform, index);
      if (wave === WAVES.length - 1) break;
      // Restart mid-flight: once part of what was seeded is planned, while the rest is still being written or sent.
      while ((await runsOfAgent()).length < seeded.length / 3 && Date.now() - started < GIVE_UP_MS) await wait(200);
      await server.close();
      server = await start();
      restarts += 1;
    }

    const settled = (runs: Awaited<ReturnType<typeof runsOfAgent>>) => {
      const skipped = new Set(
        runs.filter((run) => run.status === 'skipped').map((run) => `${run.replyTo?.platform}:${run.replyTo?.postId}`),
      );
      const answered = seeded.filter((mention) => mention.answers() > 0).length;
      const explained = seeded.filter(
        (mention) => mention.answers() === 0 && skipped.has(`${mention.platform}:${mention.postId}`),
      ).length;
      return { answered, explained };
    };
    let counts = settled(await runsOfAgent());
    while (counts.answered + counts.explained < seeded.length && Date.now() - started < GIVE_UP_MS) {
      await wait(500);
      counts = settled(await runsOfAgent());
    }
    const elapsedMs = Date.now() - started;
    const answeredBy = Object.fromEntries(
      PLATFORMS.map((platform) => [platform, seeded.filter((m) => m.platform === platform && m.answers() > 0).length]),
    ) as Record<Platform, number>;
    return {
      answeredBy,
      mentions: seeded.length,
      ...counts,
      answeredTwice: seeded.filter((mention) => mention.answers() > 1).length,
      lost: seeded.length - counts.answered - counts.explained,
      restarts,
      elapsedMs,
      modelCalls: llm.requests.length,
    };
  } finally {
    await server.close();
    await database.close();
    await Promise.all([llm, bluesky, mastodon, neynar, telegram].map((fake) => fake.close()));
  }
};
