import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CARD_LAYOUTS, graphicCardLayout, renderGraphicCard } from './render-graphic-card.ts';

const agentName = 'Nova Growth Agent';
const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

const NINE_WORDS = 'Three questions about community governance before the vote opens';

/** A headline far longer than a card holds: twelve times one real sentence. */
const RUN_ON = 'Our community call moves to Thursdays at 18:00 UTC. '.repeat(12);

describe('the card for X and LinkedIn, and for Reels and Shorts (issue 41 §9)', () => {
  for (const format of ['landscape', 'portrait'] as const) {
    it(`shows the whole headline inside the ${format} card in every layout, and no word outside it`, async () => {
      for (const layout of CARD_LAYOUTS) {
        const { width, height, headline, runs } = await graphicCardLayout({
          keyLine: NINE_WORDS,
          agentName,
          layout,
          format,
        });
        expect(width / height).toBeCloseTo(format === 'landscape' ? 16 / 9 : 9 / 16, 2);
        expect(headline.text).toBe(NINE_WORDS);
        const drawn = runs.map((run) => run.text).join('');
        expect(drawn.replace(/\s+/g, ' ')).toContain(NINE_WORDS);
        for (const run of runs.filter((candidate) => candidate.text.trim())) {
          // A run's box: its baseline minus the line's height above, a quarter of it below (descenders).
          expect(run.x, `${layout} "${run.text}"`).toBeGreaterThanOrEqual(0);
          expect(run.x + run.width, `${layout} "${run.text}"`).toBeLessThanOrEqual(width);
          expect(run.y - run.height, `${layout} "${run.text}"`).toBeGreaterThanOrEqual(0);
          expect(run.y + run.height / 4, `${layout} "${run.text}"`).toBeLessThanOrEqual(height);
        }
      }
    });
  }

  it("carries the agent's name as its brand mark, never Agentcast's", async () => {
    for (const format of ['landscape', 'portrait'] as const) {
      for (const layout of CARD_LAYOUTS) {
        const { runs } = await graphicCardLayout({ keyLine: 'Ship small', agentName, layout, format });
        const words = runs.map((run) => run.text).join('');
        expect(words, layout).toContain(agentName);
        expect(words.toLowerCase(), layout).not.toContain('agentcast');
      }
    }
  });

  it('fits a run-on headline by keeping the words that fit, whole, and saying the rest is left out', async () => {
    const { headline, runs, width, height } = await graphicCardLayout({
      keyLine: RUN_ON,
      agentName,
    });
    expect(headline.text).toMatch(/^Our community call moves to Thursdays at 18:00 UTC\. Our .*[\p{L}\p{N}]…$/u);
    for (const run of runs) expect(run.y + run.height / 4).toBeLessThanOrEqual(height);
    for (const run of runs) expect(run.x + run.width).toBeLessThanOrEqual(width);
  });
});

describe('renderGraphicCard', () => {
  it('renders a 1080×1920 PNG for portrait', async () => {
    const png = await renderGraphicCard({ keyLine: 'Ship small, ship often.', agentName, format: 'portrait' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1920 });
  });

  it('renders a 1200×675 PNG', async () => {
    const png = await renderGraphicCard({ keyLine: 'Ship small, ship often.', agentName });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
  });

  it('still renders a very long key line, and one with emoji and characters the fonts lack', async () => {
    for (const keyLine of [RUN_ON, '🚀 Привет, мир! 你好 — launch day in Đà Nẵng 👩🏽‍💻', '你好世界']) {
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

  it('renders each layout, each its own picture', async () => {
    const renders = await Promise.all(
      CARD_LAYOUTS.map((layout) => renderGraphicCard({ keyLine: 'Measure before you scale', agentName, layout })),
    );
    for (const png of renders)
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
    const distinct = new Set(await Promise.all(renders.map(async (png) => (await pixels(png)).toString('base64'))));
    expect(distinct.size).toBe(CARD_LAYOUTS.length);
  });

  it("puts the agent's avatar on the card in place of its initial", async () => {
    // A pure green picture: nothing else on any card is this colour.
    const avatar = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 0, g: 200, b: 0 } } })
      .jpeg()
      .toBuffer();
    const greenIn = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let green = 0;
      for (let index = 0; index < data.length; index += info.channels)
        if (
          data[index + 1]! > 150 &&
          data[index + 1]! - data[index]! > 100 &&
          data[index + 1]! - data[index + 2]! > 100
        )
          green++;
      return green;
    };
    for (const layout of CARD_LAYOUTS) {
      const [without, withAvatar] = await Promise.all([
        renderGraphicCard({ keyLine: 'Measure before you scale', agentName, layout }),
        renderGraphicCard({ keyLine: 'Measure before you scale', agentName, layout, avatar }),
      ]);
      expect(await greenIn(without)).toBe(0);
      // At least most of the smallest avatar circle (56 px across, its ring aside).
      expect(await greenIn(withAvatar)).toBeGreaterThan(1500);
    }
  });

  it('keeps the initial when the avatar cannot be read', async () => {
    const [initial, broken] = await Promise.all([
      renderGraphicCard({ keyLine: 'Measure before you scale', agentName }),
      renderGraphicCard({ keyLine: 'Measure before you scale', agentName, avatar: Buffer.from('not a picture') }),
    ]);
    expect((await pixels(initial)).equals(await pixels(broken))).toBe(true);
  });
});
