import { el } from './card-elements.ts';
import { CARD_LAYOUTS, LANDSCAPE_CARDS, type CardFormat, type CardLayout } from './card-layouts.ts';
import { portraitCard } from './card-portrait.ts';
import { fitText, textRunsOf, type FittedText } from './fit-text.ts';
import { avatarDataUrl } from './card-elements.ts';
import { loadFonts } from './fonts.ts';
import { loadImageRenderer } from './load-image-renderer.ts';

export { CARD_LAYOUTS, type CardFormat, type CardLayout } from './card-layouts.ts';

export type GraphicCardOptions = {
  /** The headline of the image (the writer's, not the post's opening). */
  keyLine: string;
  agentName: string;
  /** The agent's uploaded picture, in any format sharp reads. */
  avatar?: Buffer | null;
  layout?: CardLayout;
  /** Landscape 1200×675 (16:9) by default; portrait 1080×1920 (9:16) for Reels and Shorts. */
  format?: CardFormat;
};

/** The card as satori takes it, its headline sized to fit whole (measured by satori's own layout). */
const composeCard = async ({
  keyLine,
  agentName,
  avatar,
  layout = 'gradient',
  format = 'landscape',
}: GraphicCardOptions) => {
  const fonts = await loadFonts();
  const text = fonts.drawable(keyLine, 'Inter').replace(/\s+/gu, ' ').trim();
  const name = fonts.drawable(agentName, 'Inter').replace(/\s+/gu, ' ').trim() || 'AI agent';
  const chosen = CARD_LAYOUTS.includes(layout) ? layout : 'gradient';
  const spec = format === 'portrait' ? portraitCard(chosen) : LANDSCAPE_CARDS[chosen];
  const headline = await fitText(
    { fonts, fontFamily: fonts.fontFamily.Inter, element: spec.headline, box: spec.textBox },
    { text, sizes: spec.sizes },
  );
  const picture = await avatarDataUrl(avatar ?? undefined, spec.avatarSide);
  const root = el(
    'div',
    {
      width: spec.width,
      height: spec.height,
      boxSizing: 'border-box',
      fontFamily: fonts.fontFamily.Inter,
      ...spec.root,
    },
    spec.children(spec.headline(headline.text, headline.fontSize), name, picture),
  );
  return { root, width: spec.width, height: spec.height, fonts, headline };
};

const toSvg = async (card: Awaited<ReturnType<typeof composeCard>>, embedFont: boolean) => {
  const { satori } = await loadImageRenderer();
  return satori(card.root as Parameters<typeof satori>[0], {
    width: card.width,
    height: card.height,
    fonts: card.fonts.satori,
    embedFont,
  });
};

/**
 * Where the card's words are laid out (each run of text with its box) and the headline as fitted: what a test checks
 * to know no word is cropped, and that the brand mark is the agent's.
 */
export const graphicCardLayout = async (
  options: GraphicCardOptions,
): Promise<{ width: number; height: number; headline: FittedText; runs: ReturnType<typeof textRunsOf> }> => {
  const card = await composeCard(options);
  return {
    width: card.width,
    height: card.height,
    headline: card.headline,
    runs: textRunsOf(await toSvg(card, false)),
  };
};

/**
 * The card that goes with an agent's post: its image headline, large and whole, in one of the layouts, under the
 * agent's own mark — its avatar when it has one (its initial otherwise) and its name.
 */
export const renderGraphicCard = async (options: GraphicCardOptions): Promise<Buffer> => {
  const svg = await toSvg(await composeCard(options), true);
  const { renderAsync } = await loadImageRenderer();
  // Off the main thread, and without scanning system fonts: satori already turned the text into paths.
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
};
