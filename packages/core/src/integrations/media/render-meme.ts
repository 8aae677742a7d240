import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { loadFonts } from './fonts.ts';
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

/** Anton capitals' advance widths, roughly, in ems: enough to choose a size. */
const widthOf = (word: string) =>
  [...word].reduce((sum, char) => sum + (/[IJ1.,;:'’!|]/u.test(char) ? 0.26 : /[MW@%]/u.test(char) ? 0.62 : 0.47), 0);

const linesAt = (text: string, size: number) => {
  let lines = 1,
    line = 0;
  for (const word of text.split(' ')) {
    const width = widthOf(word) * size;
    if (line > 0 && line + 0.22 * size + width > CAPTION_WIDTH) [lines, line] = [lines + 1, width];
    else line += (line > 0 ? 0.22 * size : 0) + width;
  }
  return lines;
};

const fontSizeFor = (text: string) =>
  FONT_SIZES.find((size) => {
    const lines = linesAt(text, size);
    return lines <= 3 && lines * size * LINE_HEIGHT <= CAPTION_HEIGHT;
  }) ?? FONT_SIZES.at(-1)!;

const caption = (text: string, edge: 'top' | 'bottom', fontFamily: string) => {
  const fontSize = fontSizeFor(text);
  return {
    type: 'div',
    key: null,
    props: {
      children: text,
      style: {
        position: 'absolute',
        [edge]: 36,
        left: 48,
        width: CAPTION_WIDTH,
        display: 'block',
        textAlign: 'center',
        lineClamp: 3,
        fontFamily,
        fontSize,
        lineHeight: LINE_HEIGHT,
        color: '#ffffff',
        // The classic outline: stroked under the fill (paint-order), so it thickens the letters instead of eating them.
        WebkitTextStroke: `${Math.round(fontSize / 9)}px #000000`,
        paintOrder: 'stroke fill',
        strokeLinejoin: 'round',
      },
    },
  };
};

/** A square meme: one of our illustrated templates with classic top and bottom captions. */
export const renderMeme = async ({
  topText,
  bottomText,
  template,
}: {
  topText: string;
  bottomText: string;
  template?: MemeTemplate;
}): Promise<Buffer> => {
  const fonts = await loadFonts();
  const captionText = (text: string) => fonts.drawable(text, 'Anton').toUpperCase().replace(/\s+/gu, ' ').trim();
  const [top, bottom] = [captionText(topText), captionText(bottomText)];
  // A language model may name a template that does not exist; it then gets one chosen like any other.
  const name = template && MEME_TEMPLATES.includes(template) ? template : templateFor(top, bottom);

  const meme = {
    type: 'div',
    key: null,
    props: {
      style: { display: 'flex', width: SIZE, height: SIZE },
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
        ...(top ? [caption(top, 'top', fonts.fontFamily.Anton)] : []),
        ...(bottom ? [caption(bottom, 'bottom', fonts.fontFamily.Anton)] : []),
      ],
    },
  };
  const { satori, renderAsync } = await loadImageRenderer();
  const svg = await satori(meme, { width: SIZE, height: SIZE, fonts: fonts.satori });
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
};
