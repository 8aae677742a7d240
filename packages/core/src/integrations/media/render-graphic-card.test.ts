import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderGraphicCard } from './render-graphic-card.ts';

const agentName = 'Nova Growth Agent';
const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

describe('renderGraphicCard', () => {
  it('renders a 1200×675 PNG', async () => {
    const png = await renderGraphicCard({ keyLine: 'Ship small, ship often.', agentName });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
  });

  it('still renders a very long key line, and one with emoji and characters the fonts lack', async () => {
    for (const keyLine of [
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12),
      '🚀 Привет, мир! 你好 — launch day in Đà Nẵng 👩🏽‍💻',
      '你好世界',
    ]) {
      const png = await renderGraphicCard({ keyLine, agentName: '🤖 Робот' });
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
    }
  });

  it('leaves no trace of the characters it cannot draw (no "missing glyph" boxes)', async () => {
    const [plain, withEmoji] = await Promise.all([
      renderGraphicCard({ keyLine: 'Launch day is here', agentName }),
      renderGraphicCard({ keyLine: '🚀 Launch day 你好 is here 👩🏽‍💻', agentName }),
    ]);
    expect((await pixels(plain)).equals(await pixels(withEmoji))).toBe(true);
  });

  it('draws different key lines differently', async () => {
    const [first, second] = await Promise.all([
      renderGraphicCard({ keyLine: 'Consistency beats intensity.', agentName }),
      renderGraphicCard({ keyLine: 'Your audience is smaller than you think.', agentName }),
    ]);
    expect((await pixels(first)).equals(await pixels(second))).toBe(false);
  });
});
