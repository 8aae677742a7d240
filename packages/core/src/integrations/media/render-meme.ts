import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fitText, textRunsOf } from './fit-text.ts';
import { loadFonts, type Fonts } from './fonts.ts';
import { loadImageRenderer } from './load-image-renderer.ts';

export const MEME_TEMPLATES = ['laptop', 'thumbs-up', 'rocket', 'coffee'] as const;
export type MemeTemplate = (typeof MEME_TEMPLATES)[number];

const SIZE = 1080;
const CAPTION_WIDTH = SIZE - 2 * 48;
const CAPTION_HEIGHT = 300;
const LINE_HEIGHT = 1.06;
const FONT_SIZES = [128, 116, 104, 94, 84, 76, 68, 60, 54, 48];

// Found through the package's name, not this file's URL: the server bundles this file into apps/server/dist.
const TEMPLATE_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@agentcast/core/integrations/media/render-meme')),
  'meme-templates',
);
const templates = new Map<MemeTemplate, Promise<string>>();
const templateDataUrl = (name: MemeTemplate) => {
  if (!templates.has(name)) {
    const svg = readFile(join(TEMPLATE_FOLDER, `${name}.svg`));
    templates.set(
      name,
      svg.then((data) => `data:image/svg+xml;base64,${data.toString('base64')}`),
    );
  }
  return templates.get(name)!;
};

/** The same captions always get the same picture (FNV-1a of the text), so a post's meme does not change on retry. */
const templateFor = (topText: string, bottomText: string): MemeTemplate => {
  let hash = 0x811c9dc5;
  for (const char of `${topText}\n${bottomText}`) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return MEME_TEMPLATES[hash % MEME_TEMPLATES.length]!;
};

/** A caption as drawn: centred capitals with the classic outline, sized by fitText so that all of it shows. */
const captionElement = (text: string, fontSize: number) => ({
  type: 'div',
  key: null,
  props: {
    children: text,
    style: {
      display: 'block',
      width: CAPTION_WIDTH,
      textAlign: 'center',
      fontSize,
      lineHeight: LINE_HEIGHT,
      color: '#ffffff',
      // The classic outline: stroked under the fill (paint-order), so it thickens the letters instead of eating them.
      WebkitTextStroke: `${Math.round(fontSize / 9)}px #000000`,
      paintOrder: 'stroke fill',
      strokeLinejoin: 'round',
    },
  },
});

const placed = (caption: ReturnType<typeof captionElement>, edge: 'top' | 'bottom') => ({
  type: 'div',
  key: null,
  props: { style: { display: 'flex', position: 'absolute', [edge]: 36, left: 48 }, children: [caption] },
});

const fitCaption = async (fonts: Fonts, text: string) =>
  fitText(
    {
      fonts,
      fontFamily: fonts.fontFamily.Anton,
      element: captionElement,
      box: { width: CAPTION_WIDTH, height: CAPTION_HEIGHT, maxLines: 3 },
    },
    { text, sizes: FONT_SIZES },
  );

type MemeOptions = { topText: string; bottomText: string; template?: MemeTemplate };

/** The meme as satori takes it, and its captions as fitted. */
const composeMeme = async ({ topText, bottomText, template }: MemeOptions) => {
  const fonts = await loadFonts();
  const captionText = (text: string) => fonts.drawable(text, 'Anton').toUpperCase().replace(/\s+/gu, ' ').trim();
  const [top, bottom] = [captionText(topText), captionText(bottomText)];
  // A language model may name a template that does not exist; it then gets one chosen like any other.
  const name = template && MEME_TEMPLATES.includes(template) ? template : templateFor(top, bottom);
  const captions = await Promise.all(
    (
      [
        [top, 'top'],
        [bottom, 'bottom'],
      ] as const
    )
      .filter(([text]) => text)
      .map(async ([text, edge]) => ({ fitted: await fitCaption(fonts, text), edge })),
  );
  const root = {
    type: 'div',
    key: null,
    props: {
      style: { display: 'flex', width: SIZE, height: SIZE, fontFamily: fonts.fontFamily.Anton },
      children: [
        {
          type: 'img',
          key: null,
          props: {
            src: await templateDataUrl(name),
            width: SIZE,
            height: SIZE,
            style: { position: 'absolute', left: 0, top: 0 },
          },
        },
        ...captions.map(({ fitted, edge }) => placed(captionElement(fitted.text, fitted.fontSize), edge)),
      ],
    },
  };
  return { root, fonts, captions: captions.map(({ fitted }) => fitted) };
};

/** Where the meme's captions are laid out (each run of text with its box): what a test checks for cropping. */
export const memeLayout = async (options: MemeOptions) => {
  const { root, fonts, captions } = await composeMeme(options);
  const { satori } = await loadImageRenderer();
  const svg = await satori(root, { width: SIZE, height: SIZE, fonts: fonts.satori, embedFont: false });
  return { width: SIZE, height: SIZE, captions, runs: textRunsOf(svg) };
};

/**
 * A square meme (1:1, shown whole on X and LinkedIn): one of our illustrated templates with classic top and bottom
 * captions, each sized to show all of its words.
 */
export const renderMeme = async (options: MemeOptions): Promise<Buffer> => {
  const { root, fonts } = await composeMeme(options);
  const { satori, renderAsync } = await loadImageRenderer();
  const svg = await satori(root, { width: SIZE, height: SIZE, fonts: fonts.satori });
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
};
