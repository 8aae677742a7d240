import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { findFfmpeg } from '@agentcast/core/integrations/media/find-ffmpeg';
import { toVerticalVideo } from '@agentcast/core/integrations/media/platform-renditions';
import { renderVideo } from '@agentcast/core/integrations/media/render-video';

// The ffmpeg a machine without one gets from npm (an empty folder for the PATH): its videos must play in Chromium.
const emptyPath = mkdtempSync(join(tmpdir(), 'agentcast-no-ffmpeg-'));
const npmFfmpeg = findFfmpeg({ searchPath: emptyPath });
rmSync(emptyPath, { recursive: true });

test("videos made with the npm package's ffmpeg play in Chromium: the agent video and its vertical form", async ({
  page,
}) => {
  test.skip(npmFfmpeg?.source !== 'npm', 'the npm package has no ffmpeg for this platform');
  const ffmpegPath = npmFfmpeg!.path;
  const { video } = await renderVideo({ keyLine: 'Plays here.', agentName: 'Nova', ffmpegPath, durationSeconds: 1 });
  const vertical = await toVerticalVideo(video, ffmpegPath);

  await page.setContent('<main></main>');
  for (const [bytes, width, height] of [
    [video, 1200, 676],
    [vertical, 1080, 1920],
  ] as const) {
    // A blob URL: the page needs no server, and Chromium decodes the file exactly as it would from one.
    const played = await page.evaluate(async (base64) => {
      const element = document.createElement('video');
      element.muted = true;
      element.src = URL.createObjectURL(
        new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: 'video/mp4' }),
      );
      document.querySelector('main')!.append(element);
      await new Promise<void>((resolve, reject) => {
        element.addEventListener('loadeddata', () => resolve(), { once: true });
        element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)), {
          once: true,
        });
      });
      await element.play();
      return { readyState: element.readyState, width: element.videoWidth, height: element.videoHeight };
    }, bytes.toString('base64'));
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played).toMatchObject({ width, height });
  }
});
