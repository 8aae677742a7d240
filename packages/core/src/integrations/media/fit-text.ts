import type { Fonts } from './fonts.ts';
import { loadImageRenderer } from './load-image-renderer.ts';

/** One laid-out run of text in satori's SVG (embedFont off): where it starts, its baseline, its advance. */
export type TextRun = { x: number; y: number; width: number; height: number; fill: string; text: string };

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The runs of text satori laid out, read from an SVG it wrote with `embedFont: false` (text as `<text>` elements, not
 * glyph outlines): the layout the picture is drawn from, so what fits here fits in the picture.
 */
export const textRunsOf = (svg: string): TextRun[] =>
  [
    ...svg.matchAll(
      /<text x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"[^>]*?\sfill="([^"]*)"[^>]*>([^<]*)<\/text>/g,
    ),
  ].map(([, x, y, width, height, fill, text]) => ({
    x: Number(x),
    y: Number(y),
    width: Number(width),
    height: Number(height),
    fill: fill!,
    text: text!.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!),
  }));

/** Where text may go: its width, its height, and how many lines it may take; the CSS font family it is set in. */
export type TextBox = { width: number; height: number; maxLines: number };
type Fitting = { fonts: Fonts; fontFamily: string; element: TextElement; box: TextBox };
export type FittedText = { text: string; fontSize: number; lines: number };
/** The text's element at a size (satori's element shape), as the picture will draw it. */
export type TextElement = (text: string, fontSize: number) => unknown;

/**
 * Lays the text out with satori itself, in a column as wide as the box: its lines (distinct baselines), how far
 * right its runs reach, how tall its lines stand.
 */
const measure = async ({ fonts, fontFamily, element, box }: Fitting, text: string, fontSize: number) => {
  const { satori } = await loadImageRenderer();
  const column = {
    type: 'div',
    key: null,
    props: {
      style: { display: 'flex', flexDirection: 'column', width: box.width, fontFamily },
      children: [element(text, fontSize)],
    },
  };
  const allRuns = textRunsOf(
    await satori(column as Parameters<typeof satori>[0], {
      width: box.width,
      height: Math.max(box.height * 4, 2000),
      fonts: fonts.satori,
      embedFont: false,
    }),
  );
  // The space a line breaks at is laid out past its end, where it draws nothing: only visible runs count.
  const runs = allRuns.filter((run) => run.text.trim());
  const lines = new Set(runs.map((run) => run.y)).size;
  return {
    lines,
    right: Math.max(0, ...runs.map((run) => run.x + run.width)),
    height: lines * Math.max(0, ...runs.map((run) => run.height)),
  };
};

const fitsAt = async (fitting: Fitting, text: string, fontSize: number) => {
  const { box } = fitting;
  const { lines, right, height } = await measure(fitting, text, fontSize);
  return lines <= box.maxLines && height <= box.height && right <= box.width + 0.5 ? lines : null;
};

/**
 * The largest of `sizes` (largest first) at which the whole text fits the box, measured by the renderer's own
 * layout, so that a caption is never cropped or clamped. Text too long to fit even at the smallest size (a model's
 * run-on headline) keeps the most words that fit, ending in "…".
 */
export const fitText = async (
  fitting: Fitting,
  { text, sizes }: { text: string; sizes: readonly number[] },
): Promise<FittedText> => {
  for (const fontSize of sizes) {
    const lines = await fitsAt(fitting, text, fontSize);
    if (lines !== null) return { text, fontSize, lines };
  }
  const fontSize = sizes.at(-1)!;
  const words = text.split(' ');
  // Binary search over how many words are kept: each try is one layout.
  let [kept, low, high] = [{ text: '…', lines: 1 }, 1, words.length - 1];
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const candidate = `${words
      .slice(0, middle)
      .join(' ')
      .replace(/[\s,.;:!?–—-]+$/u, '')}…`;
    const lines = await fitsAt(fitting, candidate, fontSize);
    if (lines !== null) [kept, low] = [{ text: candidate, lines }, middle + 1];
    else high = middle - 1;
  }
  return { ...kept, fontSize };
};
