import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MEME_TEMPLATES, memeLayout, renderMeme } from './render-meme.ts';

const pixels = (png: Buffer) => sharp(png).raw().toBuffer();

describe('renderMeme', () => {
  it('renders every template, each its own picture, as a 1080×1080 PNG', async () => {
    const renders = await Promise.all(
      MEME_TEMPLATES.map((template) =>
        renderMeme({ topText: 'When the agent', bottomText: 'writes your posts', template }),
      ),
    );
    for (const png of renders)
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
    const distinct = new Set(await Promise.all(renders.map(async (png) => (await pixels(png)).toString('base64'))));
    expect(distinct.size).toBe(MEME_TEMPLATES.length);
  });

  it('gives the same captions the same template', async () => {
    const captions = { topText: 'Me after shipping on Friday 🚀', bottomText: 'Everything is fine' };
    const [first, second] = await Promise.all([renderMeme(captions), renderMeme(captions)]);
    expect((await pixels(first)).equals(await pixels(second))).toBe(true);
  });

  it('does not always pick the same template', async () => {
    const renders = await Promise.all(
      ['one', 'two', 'three', 'four', 'five', 'six'].map((word) =>
        renderMeme({ topText: '', bottomText: word }).then(pixels),
      ),
    );
    // Compare the top half only, where no caption is drawn: it shows the template alone.
    const tops = new Set(renders.map((raw) => raw.subarray(0, raw.length / 2).toString('base64')));
    expect(tops.size).toBeGreaterThan(1);
  });

  it('draws the captions over the template', async () => {
    const [bare, captioned] = await Promise.all([
      renderMeme({ topText: '', bottomText: '', template: 'rocket' }),
      renderMeme({ topText: 'To the moon', bottomText: 'with our release notes', template: 'rocket' }),
    ]);
    expect((await pixels(bare)).equals(await pixels(captioned))).toBe(false);
  });

  it('still renders captions with emoji and characters the font lacks', async () => {
    const png = await renderMeme({ topText: '🔥🔥🔥 你好', bottomText: 'Straße 👩🏽‍💻 ', template: 'coffee' });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1080 });
  });

  it('shows every word of both captions inside the square (no clamp, no crop), long ones smaller', async () => {
    const captions = [
      { topText: 'Me reading community governance headlines', bottomText: 'Then checking the actual numbers' },
      {
        topText: 'When the quarterly staking report finally lands in everyone’s inbox on a Friday',
        bottomText: 'And the dashboard agrees with every single number in it',
      },
    ];
    const sizes: number[] = [];
    for (const { topText, bottomText } of captions) {
      const { width, height, captions: fitted, runs } = await memeLayout({ topText, bottomText, template: 'laptop' });
      expect(width).toBe(height);
      expect(fitted.map((caption) => caption.text)).toEqual([topText.toUpperCase(), bottomText.toUpperCase()]);
      sizes.push(fitted[0]!.fontSize);
      const drawn = runs
        .map((run) => run.text)
        .join('')
        .replace(/\s+/g, ' ');
      expect(drawn).toContain(topText.toUpperCase());
      expect(drawn).toContain(bottomText.toUpperCase());
      for (const run of runs.filter((candidate) => candidate.text.trim())) {
        expect(run.x).toBeGreaterThanOrEqual(0);
        expect(run.x + run.width).toBeLessThanOrEqual(width);
        expect(run.y - run.height).toBeGreaterThanOrEqual(0);
        expect(run.y + run.height / 4).toBeLessThanOrEqual(height);
      }
    }
    expect(sizes[1]).toBeLessThan(sizes[0]!);
  });
});
