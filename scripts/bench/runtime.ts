import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderGraphicCard } from '@agentcast/core/integrations/media/render-graphic-card';
import { renderMeme } from '@agentcast/core/integrations/media/render-meme';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { renderVideo } from '@agentcast/core/integrations/media/render-video';
import { startOpenAiFake } from '@agentcast/test-fakes/openai-server';
import { findLink, startSmtpSink } from '@agentcast/test-fakes/smtp-sink';
import { freePort } from './process-stats.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const timeEach = async (runs: number, task: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const startedAt = performance.now();
    await task();
    times.push(performance.now() - startedAt);
  }
  return times;
};

/**
 * POST /api/agents/:id/trigger until the terminal message is recorded, against the built server on its embedded
 * database with a loopback model that answers at once, without media: sequential runs, p50 and p99.
 */
export const benchTriggerLatency = async ({ root, runs = 60 }: { root: string; runs?: number }) => {
  const llm = await startOpenAiFake();
  llm.defaultReply = { content: 'Models keep getting cheaper; the edge is now in {varied}. #AI' };
  const mail = await startSmtpSink();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'agentcast-bench-')),
      LOG_LEVEL: 'error',
      PUBLIC_URL: base,
      SMTP_URL: mail.smtpUrl,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: llm.baseURL,
      // Dozens of triggers from one account: more than Starter's two posts a day.
      DEFAULT_PLAN: 'enterprise',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let attempt = 0; !(await fetch(`${base}/api/health`).catch(() => null))?.ok; attempt++) {
      if (attempt > 400 || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const headers = { 'content-type': 'application/json', origin: base };
    const account = { email: 'bench@example.com', password: 'bench password 1' };
    await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers, body: JSON.stringify(account) });
    await fetch(findLink(await mail.waitForMail(account.email)), { redirect: 'manual' });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify(account),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    const agent = (await (
      await fetch(`${base}/api/agents`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: JSON.stringify({ name: 'Bench', description: 'd', prompt: 'p', post_configuration: { topics: ['AI'] } }),
      })
    ).json()) as { id: string };
    const trigger = async () => {
      const response = await fetch(`${base}/api/agents/${agent.id}/trigger`, {
        method: 'POST',
        headers: { ...headers, cookie },
        body: '{}',
      });
      if (!response.ok) throw new Error(`trigger answered ${response.status}`);
      await response.arrayBuffer();
    };
    await timeEach(5, trigger);
    const times = await timeEach(runs, trigger);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await llm.close();
    await mail.close();
  }
};

export const benchMedia = async () => {
  const keyLine = 'Models keep getting cheaper; the edge is now in the data you feed them.';
  await renderGraphicCard({ keyLine, agentName: 'Bench' });
  const card = await timeEach(10, () => renderGraphicCard({ keyLine, agentName: 'Bench' }));
  const meme = await timeEach(10, () => renderMeme({ topText: 'AI today', bottomText: 'the data you feed them' }));
  const ffmpegPath = findFfmpeg({ configured: process.env.FFMPEG_PATH, searchPath: process.env.PATH })?.path;
  const video = await timeEach(3, () => renderVideo({ keyLine, agentName: 'Bench', ffmpegPath })).catch(() => [NaN]);
  return { cardP50: percentile(card, 50), memeP50: percentile(meme, 50), videoP50: percentile(video, 50) };
};
