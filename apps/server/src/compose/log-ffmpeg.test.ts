import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { logFfmpeg } from './log-ffmpeg.ts';

const emptyPath = mkdtempSync(join(tmpdir(), 'agentcast-no-ffmpeg-'));
afterAll(() => rmSync(emptyPath, { recursive: true, force: true }));

const logged = async (ffmpeg: Parameters<typeof logFfmpeg>[0]) => {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  await logFfmpeg(ffmpeg, logger);
  return lines;
};

describe('logFfmpeg', () => {
  it("names the ffmpeg found and its version line: on a machine without one, the npm package's", async () => {
    const npmFfmpeg = findFfmpeg({ searchPath: emptyPath });
    expect(npmFfmpeg?.source).toBe('npm');
    const [line] = await logged(npmFfmpeg);
    expect(line).toMatchObject({
      level: 30,
      ffmpeg: npmFfmpeg!.path,
      from: 'npm',
      version: expect.stringMatching(/^ffmpeg version \S+/),
      msg: `Videos are made with ${npmFfmpeg!.path} (the npm package @ffmpeg-installer/ffmpeg)`,
    });
  });

  it('warns that videos are skipped, and how to get an ffmpeg, when there is none', async () => {
    expect(await logged(undefined)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(
          /^No ffmpeg found: agent videos are skipped\. npm install brings one .*FFMPEG_PATH\.$/,
        ),
      }),
    ]);
  });

  it('warns when FFMPEG_PATH names a program that does not run', async () => {
    const [line] = await logged({ path: join(emptyPath, 'ffmpeg'), source: 'FFMPEG_PATH' });
    expect(line).toMatchObject({
      level: 40,
      msg: expect.stringContaining(`ffmpeg at ${join(emptyPath, 'ffmpeg')} (FFMPEG_PATH) does not run`),
    });
  });
});
