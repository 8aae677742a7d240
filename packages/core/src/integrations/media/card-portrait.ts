import {
  agentMark,
  avatarCircle,
  BRAND_GRADIENT,
  DARK_BACKGROUND,
  el,
  headlineElement,
  PAPER_BACKGROUND,
  signalRings,
} from './card-elements.ts';
import type { CardLayout, CardSpec } from './card-layouts.ts';

const WIDTH = 1080;
const HEIGHT = 1920;
const TEXT_WIDTH = WIDTH - 2 * 96;
/** Large enough to read on a phone at arm's length; the smallest still holds a nine-word headline in six lines. */
const SIZES = [132, 120, 108, 98, 88, 80, 72, 64, 58];

/**
 * The card composed for a 9:16 screen (Reels, Shorts; issue 41 §9), not the landscape card with bars: the agent's
 * mark at the top, the headline large in the middle of the screen, where the platforms' own buttons and captions
 * (top and bottom) leave it in view. Each layout keeps its colours and its way of showing the avatar.
 */
export const portraitCard = (layout: CardLayout): CardSpec => {
  const isPaper = layout === 'paper';
  const isSpotlight = layout === 'spotlight';
  const ink = isPaper ? '#111827' : '#f8fafc';
  const markColors = isPaper
    ? { name: '#1e1b4b', byline: '#4b5563', ring: '#7c3aed' }
    : { name: '#f1f5f9', byline: '#94a3b8', ring: 'rgba(255, 255, 255, 0.85)' };
  return {
    width: WIDTH,
    height: HEIGHT,
    root: {
      padding: '150px 96px 220px',
      flexDirection: 'column',
      justifyContent: 'space-between',
      alignItems: isSpotlight ? 'center' : 'flex-start',
      ...(isPaper ? PAPER_BACKGROUND : DARK_BACKGROUND),
    },
    textBox: { width: TEXT_WIDTH, height: 900, maxLines: 6 },
    sizes: SIZES,
    headline: headlineElement({ width: TEXT_WIDTH, color: ink, textAlign: isSpotlight ? 'center' : 'left' }),
    avatarSide: 520,
    children: (headline, name, avatar) => [
      ...(isPaper ? [] : signalRings()),
      isSpotlight
        ? el('div', { flexDirection: 'column', alignItems: 'center', gap: 28 }, [
            avatarCircle(avatar, name, 260, '#a78bfa'),
            el('div', { fontSize: 44, fontWeight: 700, color: '#e9e5ff' }, name),
          ])
        : agentMark(name, avatar, { side: 110, nameSize: 44, colors: markColors }),
      el('div', { flexDirection: 'column', gap: 28, alignItems: isSpotlight ? 'center' : 'flex-start' }, [
        el('div', { width: 120, height: 12, borderRadius: 6, backgroundImage: BRAND_GRADIENT }),
        headline,
      ]),
      el('div', { height: 8 }),
      el('div', {
        position: 'absolute',
        left: 0,
        bottom: 0,
        width: WIDTH,
        height: 10,
        backgroundImage: BRAND_GRADIENT,
      }),
    ],
  };
};
