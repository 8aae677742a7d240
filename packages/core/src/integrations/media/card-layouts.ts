import {
  agentMark,
  avatarCircle,
  BRAND_GRADIENT,
  DARK_BACKGROUND,
  el,
  headlineElement,
  PAPER_BACKGROUND,
  signalRings,
  type Style,
} from './card-elements.ts';
import type { TextBox, TextElement } from './fit-text.ts';

/** The card's looks: the dark brand gradient, a light editorial page, and a spotlight with the avatar centred. */
export const CARD_LAYOUTS = ['gradient', 'paper', 'spotlight'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];
/** Landscape (16:9) goes with posts on X and LinkedIn; portrait (9:16) fills a phone's screen in Reels and Shorts. */
export type CardFormat = 'landscape' | 'portrait';

/** How one layout is drawn at one format: its size, where its headline goes, and what surrounds it. */
export type CardSpec = {
  width: number;
  height: number;
  /** The root's own style: padding, background, how its children are spread. */
  root: Style;
  textBox: TextBox;
  /** Headline sizes to try, largest first. */
  sizes: readonly number[];
  headline: TextElement;
  /** The avatar's pixel size to prepare (the largest it is drawn at). */
  avatarSide: number;
  children: (headline: unknown, name: string, avatar: string | null) => unknown[];
};

const LANDSCAPE = { width: 1200, height: 675 };
const SIZES = [92, 84, 76, 68, 62, 56, 50, 45, 40];
const accentBar = () => el('div', { width: 72, height: 8, borderRadius: 4, backgroundImage: BRAND_GRADIENT });
const bottomBar = (width: number) =>
  el('div', { position: 'absolute', left: 0, bottom: 0, width, height: 6, backgroundImage: BRAND_GRADIENT });

/** The agent's mark at the top, the headline large below it, on the dark brand background. */
const gradient: CardSpec = {
  ...LANDSCAPE,
  root: { padding: '60px 72px 64px', flexDirection: 'column', justifyContent: 'space-between', ...DARK_BACKGROUND },
  textBox: { width: 1056, height: 300, maxLines: 4 },
  sizes: SIZES,
  headline: headlineElement({ width: 1056, color: '#f8fafc' }),
  avatarSide: 300,
  children: (headline, name, avatar) => [
    ...signalRings(),
    agentMark(name, avatar),
    el('div', { flexDirection: 'column', gap: 14 }, [accentBar(), headline]),
    el('div', { height: 4 }),
    bottomBar(LANDSCAPE.width),
  ],
};

/** Light paper with a large portrait of the agent on the left and the headline in ink beside it. */
const paper: CardSpec = {
  ...LANDSCAPE,
  root: { padding: '60px 72px 60px 80px', flexDirection: 'column', justifyContent: 'center', ...PAPER_BACKGROUND },
  textBox: { width: 660, height: 440, maxLines: 5 },
  sizes: SIZES,
  headline: headlineElement({ width: 660, color: '#111827' }),
  avatarSide: 512,
  children: (headline, name, avatar) => [
    el('div', {
      position: 'absolute',
      left: 0,
      top: 0,
      width: 14,
      height: LANDSCAPE.height,
      backgroundImage: BRAND_GRADIENT,
    }),
    el('div', { flexDirection: 'row', alignItems: 'center', gap: 56 }, [
      el('div', { flexDirection: 'column', alignItems: 'center', gap: 18, width: 300 }, [
        avatarCircle(avatar, name, 260, '#7c3aed'),
        el('div', { fontSize: 26, fontWeight: 700, color: '#1e1b4b', textAlign: 'center', maxWidth: 300 }, name),
        el('div', { fontSize: 18, fontWeight: 400, color: '#4b5563' }, 'AI agent'),
      ]),
      el('div', { flexDirection: 'column', gap: 20 }, [accentBar(), headline]),
    ]),
  ],
};

/** The agent's avatar large at the top centre with its name, the headline centred below, on the dark background. */
const spotlight: CardSpec = {
  ...LANDSCAPE,
  root: {
    padding: '56px 72px 48px',
    flexDirection: 'column',
    justifyContent: 'space-between',
    ...DARK_BACKGROUND,
    // A glow behind the avatar: in the background, so that it never tints the picture.
    backgroundImage: `radial-gradient(circle at 50% 18%, rgba(139, 92, 246, 0.45) 0%, rgba(139, 92, 246, 0) 32%), ${DARK_BACKGROUND.backgroundImage}`,
  },
  textBox: { width: 1000, height: 260, maxLines: 3 },
  sizes: SIZES,
  headline: headlineElement({ width: 1000, color: '#f8fafc', textAlign: 'center' }),
  avatarSide: 300,
  children: (headline, name, avatar) => [
    el('div', { flexDirection: 'column', alignItems: 'center', gap: 18, width: '100%' }, [
      avatarCircle(avatar, name, 150, '#a78bfa'),
      el('div', { fontSize: 26, fontWeight: 700, color: '#e9e5ff' }, name),
    ]),
    el('div', { justifyContent: 'center', width: '100%' }, [headline]),
    el('div', { height: 8 }),
  ],
};

export const LANDSCAPE_CARDS: Record<CardLayout, CardSpec> = { gradient, paper, spotlight };
