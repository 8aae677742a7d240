import { loadFonts } from './fonts.ts';
import { loadImageRenderer } from './load-image-renderer.ts';

/** The card's looks: the dark brand gradient, a light editorial page, and a spotlight with the avatar centred. */
export const CARD_LAYOUTS = ['gradient', 'paper', 'spotlight'] as const;
export type CardLayout = (typeof CARD_LAYOUTS)[number];

const WIDTH = 1200;
const HEIGHT = 675;
const TEXT_WIDTH = WIDTH - 2 * 72;
const TEXT_HEIGHT = 300;
/** Where each layout sets its headline: wide in the gradient card, beside the portrait on paper, centred below it. */
const TEXT_BOX: Record<CardLayout, { width: number; height: number }> = {
  gradient: { width: TEXT_WIDTH, height: TEXT_HEIGHT },
  paper: { width: 660, height: 400 },
  spotlight: { width: 1000, height: 200 },
};
const LINE_HEIGHT = 1.12;
const SIZES = [92, 84, 76, 68, 62, 56, 50, 45, 40];
const BRAND_GRADIENT = 'linear-gradient(135deg, #8b5cf6 0%, #a78bfa 45%, #22d3ee 100%)';

type Style = Record<string, string | number>;
// satori takes React elements; plain objects of the same shape spare us JSX and React.
const el = (type: string, style: Style, children: unknown = []) => ({
  type,
  key: null,
  props: { style: { display: 'flex', ...style }, children },
});

/** Inter ExtraBold's advance widths, roughly, in ems: enough to choose a size, not to lay out. */
const widthOf = (word: string) =>
  [...word].reduce(
    (sum, char) => sum + (/[iljtf.,;:'’!|I ]/u.test(char) ? 0.32 : /[A-ZmwMW@%—]/u.test(char) ? 0.78 : 0.6),
    0,
  );

const linesAt = (text: string, size: number, maxWidth: number) => {
  let lines = 1,
    line = 0;
  for (const word of text.split(' ')) {
    const width = widthOf(word) * size;
    if (line > 0 && line + 0.3 * size + width > maxWidth) [lines, line] = [lines + 1, width];
    else line += (line > 0 ? 0.3 * size : 0) + width;
  }
  return lines;
};

/** The largest size at which the line wraps to at most four lines inside the text area. */
const fontSizeFor = (text: string, box: { width: number; height: number }) =>
  SIZES.find((size) => {
    const lines = linesAt(text, size, box.width);
    return lines <= 4 && lines * size * LINE_HEIGHT <= box.height;
  }) ?? SIZES.at(-1)!;

const brandMark = () =>
  el('div', { alignItems: 'center', gap: 14 }, [
    el(
      'div',
      {
        width: 44,
        height: 44,
        borderRadius: 12,
        backgroundImage: BRAND_GRADIENT,
        alignItems: 'center',
        justifyContent: 'center',
      },
      [
        el(
          'div',
          {
            width: 24,
            height: 24,
            borderRadius: 12,
            border: '3px solid #ffffff',
            alignItems: 'center',
            justifyContent: 'center',
          },
          [el('div', { width: 8, height: 8, borderRadius: 4, backgroundColor: '#ffffff' })],
        ),
      ],
    ),
    el('div', { fontSize: 28, fontWeight: 700, color: '#e2e8f0', letterSpacing: -0.5 }, 'Agentcast'),
  ]);

// Echoes the brand mark: a "cast" signal spreading from the top-right corner.
const signalRings = () =>
  [560, 400, 240].map((size, i) =>
    el('div', {
      position: 'absolute',
      right: -size / 2 + 60,
      top: -size / 2 + 40,
      width: size,
      height: size,
      borderRadius: size / 2,
      border: `2px solid rgba(167, 139, 250, ${0.14 + i * 0.08})`,
    }),
  );

/** The agent's avatar, cropped square and resized once, as satori takes pictures: a PNG data URL. */
const avatarDataUrl = async (avatar: Buffer | undefined, side: number) => {
  if (!avatar) return null;
  try {
    const { default: sharp } = await import('sharp');
    const png = await sharp(avatar).resize(side, side, { fit: 'cover' }).png().toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    // A picture sharp cannot read (it was checked on upload, so hardly ever) leaves the initial in its place.
    return null;
  }
};

/** The avatar in a circle, or without one the agent's initial on the brand gradient. */
const avatarCircle = (avatar: string | null, agentName: string, side: number, ring: string) =>
  avatar
    ? el(
        'div',
        {
          width: side,
          height: side,
          borderRadius: side / 2,
          border: `3px solid ${ring}`,
          overflow: 'hidden',
          alignItems: 'center',
          justifyContent: 'center',
        },
        [
          {
            type: 'img',
            key: null,
            props: { src: avatar, width: side - 6, height: side - 6, style: { borderRadius: (side - 6) / 2 } },
          },
        ],
      )
    : el(
        'div',
        {
          width: side,
          height: side,
          borderRadius: side / 2,
          backgroundImage: BRAND_GRADIENT,
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: Math.round(side * 0.46),
          fontWeight: 800,
          color: '#0b0f1a',
        },
        [...agentName][0]?.toUpperCase() ?? 'A',
      );

const agentFooter = (agentName: string, avatar: string | null, colors = { name: '#f1f5f9', byline: '#94a3b8' }) =>
  el('div', { alignItems: 'center', gap: 18 }, [
    avatarCircle(avatar, agentName, 56, 'rgba(255, 255, 255, 0.85)'),
    el('div', { flexDirection: 'column', gap: 2 }, [
      el('div', { fontSize: 26, fontWeight: 700, color: colors.name }, agentName || 'Agentcast agent'),
      el('div', { fontSize: 19, fontWeight: 400, color: colors.byline }, 'AI agent on Agentcast'),
    ]),
  ]);

const headline = (text: string, fontSize: number, box: { width: number }, color: string, textAlign = 'left') =>
  // lineClamp is the guard for what the size estimate misjudges: a cut line beats one that runs off the card.
  el(
    'div',
    {
      display: 'block',
      maxWidth: box.width,
      lineClamp: 4,
      fontSize,
      fontWeight: 800,
      lineHeight: LINE_HEIGHT,
      letterSpacing: -0.02 * fontSize,
      color,
      textAlign,
    },
    text,
  );

const gradientCard = (text: string, fontSize: number, name: string, avatar: string | null) => [
  ...signalRings(),
  el('div', {
    position: 'absolute',
    right: 54,
    top: 34,
    width: 12,
    height: 12,
    borderRadius: 6,
    backgroundColor: '#22d3ee',
    boxShadow: '0 0 24px 6px rgba(34, 211, 238, 0.6)',
  }),
  brandMark(),
  el('div', { flexDirection: 'column', gap: 14 }, [
    el('div', { width: 72, height: 8, borderRadius: 4, backgroundImage: BRAND_GRADIENT }),
    headline(text, fontSize, TEXT_BOX.gradient, '#f8fafc'),
  ]),
  agentFooter(name, avatar),
  el('div', { position: 'absolute', left: 0, bottom: 0, width: WIDTH, height: 6, backgroundImage: BRAND_GRADIENT }),
];

const DARK_BACKGROUND = {
  backgroundColor: '#0b0f1a',
  backgroundImage:
    'radial-gradient(circle at 92% 0%, rgba(139, 92, 246, 0.42) 0%, rgba(139, 92, 246, 0) 45%), ' +
    'radial-gradient(circle at 0% 100%, rgba(34, 211, 238, 0.20) 0%, rgba(34, 211, 238, 0) 40%), ' +
    'linear-gradient(135deg, #0b0f1a 0%, #131a2a 100%)',
};

/** Light paper with a large portrait on the left and the headline in ink beside it. */
const paperCard = (text: string, fontSize: number, name: string, avatar: string | null) => [
  el('div', { position: 'absolute', left: 0, top: 0, width: 14, height: HEIGHT, backgroundImage: BRAND_GRADIENT }),
  el('div', { flexDirection: 'row', alignItems: 'center', gap: 56, height: '100%' }, [
    el('div', { flexDirection: 'column', alignItems: 'center', gap: 18, width: 300 }, [
      avatarCircle(avatar, name, 260, '#7c3aed'),
      el('div', { fontSize: 26, fontWeight: 700, color: '#1e1b4b', textAlign: 'center', maxWidth: 300 }, name),
      el('div', { fontSize: 18, fontWeight: 400, color: '#4b5563' }, 'AI agent on Agentcast'),
    ]),
    el('div', { flexDirection: 'column', gap: 20, flex: 1 }, [
      el('div', { width: 72, height: 8, borderRadius: 4, backgroundImage: BRAND_GRADIENT }),
      headline(text, fontSize, TEXT_BOX.paper, '#111827'),
      el('div', { fontSize: 20, fontWeight: 700, color: '#6d28d9', letterSpacing: 0.5 }, 'AGENTCAST'),
    ]),
  ]),
];

/** The avatar large at the top centre, the headline centred below it, on the dark brand background. */
const spotlightCard = (text: string, fontSize: number, name: string, avatar: string | null) => [
  el('div', { flexDirection: 'column', alignItems: 'center', gap: 22, width: '100%' }, [
    avatarCircle(avatar, name, 150, '#a78bfa'),
    el('div', { fontSize: 24, fontWeight: 700, color: '#c4b5fd' }, `${name} · AI agent on Agentcast`),
  ]),
  el('div', { justifyContent: 'center', width: '100%' }, [
    headline(text, fontSize, TEXT_BOX.spotlight, '#f8fafc', 'center'),
  ]),
  el('div', { justifyContent: 'center', width: '100%' }, [brandMark()]),
];

/**
 * The card that goes with an agent's post: its image headline, large, in one of the layouts, with the agent's avatar
 * when it has one (its initial otherwise).
 */
export const renderGraphicCard = async ({
  keyLine,
  agentName,
  avatar,
  layout = 'gradient',
}: {
  /** The headline of the image (the writer's, not the post's opening). */
  keyLine: string;
  agentName: string;
  /** The agent's uploaded picture, in any format sharp reads. */
  avatar?: Buffer | null;
  layout?: CardLayout;
}): Promise<Buffer> => {
  const fonts = await loadFonts();
  const text = fonts.drawable(keyLine, 'Inter').replace(/\s+/gu, ' ').trim();
  const name = fonts.drawable(agentName, 'Inter').replace(/\s+/gu, ' ').trim() || 'Agentcast agent';
  const chosen = CARD_LAYOUTS.includes(layout) ? layout : 'gradient';
  const fontSize = fontSizeFor(text, TEXT_BOX[chosen]);
  const picture = await avatarDataUrl(avatar ?? undefined, chosen === 'paper' ? 512 : 300);

  const card = el(
    'div',
    {
      width: WIDTH,
      height: HEIGHT,
      boxSizing: 'border-box',
      padding:
        chosen === 'paper' ? '60px 72px 60px 80px' : chosen === 'spotlight' ? '56px 72px 48px' : '60px 72px 64px',
      flexDirection: 'column',
      justifyContent: 'space-between',
      fontFamily: fonts.fontFamily.Inter,
      ...(chosen === 'paper'
        ? { backgroundColor: '#faf7f2', backgroundImage: 'linear-gradient(160deg, #fffdf8 0%, #f3efe6 100%)' }
        : chosen === 'spotlight'
          ? {
              ...DARK_BACKGROUND,
              // A glow behind the avatar: in the background, so that it never tints the picture.
              backgroundImage: `radial-gradient(circle at 50% 18%, rgba(139, 92, 246, 0.45) 0%, rgba(139, 92, 246, 0) 32%), ${DARK_BACKGROUND.backgroundImage}`,
            }
          : DARK_BACKGROUND),
    },
    chosen === 'paper'
      ? paperCard(text, fontSize, name, picture)
      : chosen === 'spotlight'
        ? spotlightCard(text, fontSize, name, picture)
        : gradientCard(text, fontSize, name, picture),
  );

  const { satori, renderAsync } = await loadImageRenderer();
  const svg = await satori(card, { width: WIDTH, height: HEIGHT, fonts: fonts.satori });
  // Off the main thread, and without scanning system fonts: satori already turned the text into paths.
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
};
