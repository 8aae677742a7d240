import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AgentRow } from '@agentcast/db/schema/agents';
import { findFfmpeg } from '../../../integrations/media/find-ffmpeg.ts';
import { probeVideo } from '../../../integrations/media/testing/probe-video.ts';
import { createLocalStorageDriver } from '../../../integrations/storage/local-storage-driver.ts';
import { loadPostMedia } from '../publish/load-post-media.ts';
import { createPostMedia } from './create-post-media.ts';
import { createOfflinePostWriter } from './offline-post-writer.ts';
import { buildPostBrief } from './post-brief.ts';

const ffmpegPath = findFfmpeg({ searchPath: process.env.PATH })?.path ?? 'ffmpeg';
const storage = createLocalStorageDriver({
  rootDir: mkdtempSync(join(tmpdir(), 'agentcast-post-media-')),
  publicBaseUrl: 'https://agentcast.example.com',
});
const agent = {
  id: '00000000-0000-4000-8000-000000000041',
  workspaceId: 'user-41',
  name: 'Base Camp',
  prompt: 'You run a crypto community.',
  description: '',
  model: 'gpt-4o',
  samplePosts: [],
  sampleQuestions: [],
  dataSources: [],
  customContext: '',
  xThreads: false,
  imagePath: null,
  meme: false,
  graphic: true,
  video: true,
  postConfiguration: { topics: ['staking'], clients: ['terminal', 'x', 'instagram'], interval: 60, enabled: true },
} as unknown as AgentRow;

describe('the media of a post for the places it goes (issue 41 §9)', () => {
  it('makes the Reel a 9:16 video of its own with a cover of its shape, and X a 16:9 card', async () => {
    const writer = createOfflinePostWriter();
    const brief = buildPostBrief(agent, { instruction: 'Write a tweet about AI' });
    const post = 'On staking today: staking rewards patience more than hype. #Staking';
    const { items, notes } = await createPostMedia(
      { storage, writer, logger: pino({ level: 'silent' }), ffmpegPath },
      { agent, post, brief, verticalVideo: true },
    );
    expect(notes).toEqual([]);
    expect(items.map((item) => item.kind)).toEqual(['image', 'video']);
    expect(items[1]!.card).toMatchObject({ agentName: 'Base Camp', avatarPath: null });

    // X and LinkedIn: the media as made, the card 16:9 and the video 16:9.
    const [card, video] = await loadPostMedia({ storage, ffmpegPath }, items);
    expect(await sharp(card!.bytes).metadata()).toMatchObject({ width: 1200, height: 675 });
    expect(probeVideo(ffmpegPath, video!.bytes).streams[0]).toMatchObject({ width: 1200, height: 676 });

    // Instagram (a Reel): the video composed for portrait, made with the post, its cover of the same shape.
    const [, reel] = await loadPostMedia({ storage, ffmpegPath }, items, { image: 'jpeg', video: 'vertical' });
    expect(reel!.publicUrl).toBe(items[1]!.url.replace(/\.mp4$/, '-vertical.mp4'));
    expect(probeVideo(ffmpegPath, reel!.bytes).streams[0]).toMatchObject({ width: 1080, height: 1920 });
    expect(reel!.posterUrl).toBe(items[1]!.url.replace(/\.mp4$/, '-vertical-poster-rendition.jpg'));
    const cover = await storage.get('images', items[1]!.path.replace(/\.mp4$/, '-vertical-poster-rendition.jpg'));
    expect(await sharp(cover!.body).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1920 });
  }, 180_000);

  it('without a vertical platform at writing time, composes the 9:16 video from the card when a Reel first needs it', async () => {
    const writer = createOfflinePostWriter();
    const brief = buildPostBrief(agent, { instruction: 'Write a tweet about AI' });
    const { items } = await createPostMedia(
      { storage, writer, logger: pino({ level: 'silent' }), ffmpegPath },
      { agent: { ...agent, graphic: false }, post: 'Staking, plainly. #Staking', brief },
    );
    expect(await storage.get('images', items[0]!.path.replace(/\.mp4$/, '-vertical.mp4'))).toBeNull();
    const [reel] = await loadPostMedia({ storage, ffmpegPath }, items, { image: 'jpeg', video: 'vertical' });
    expect(probeVideo(ffmpegPath, reel!.bytes).streams[0]).toMatchObject({ width: 1080, height: 1920 });
    expect(reel!.posterUrl).toMatch(/-vertical-poster-rendition\.jpg$/);
  }, 180_000);
});
