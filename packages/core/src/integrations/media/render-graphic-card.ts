import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { loadFonts } from './fonts.ts';

const WIDTH = 1200;
const HEIGHT = 675;
const TEXT_WIDTH = WIDTH - 2 * 72;
const TEXT_HEIGHT = 300;
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

const linesAt = (text: string, size: number) => {
  let lines = 1,
    line = 0;
  for (const word of text.split(' ')) {
    const width = widthOf(word) * size;
    if (line > 0 && line + 0.3 * size + width > TEXT_WIDTH) [lines, line] = [lines + 1, width];
    else line += (line > 0 ? 0.3 * size : 0) + width;
  }
  return lines;
};

/** The largest size at which the line wraps to at most four lines inside the text area. */
const fontSizeFor = (text: string) =>
  SIZES.find((size) => {
    const lines = linesAt(text, size);
    return lines <= 4 && lines * size * LINE_HEIGHT <= TEXT_HEIGHT;
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

const agentFooter = (agentName: string) =>
  el('div', { alignItems: 'center', gap: 18 }, [
    el(
      'div',
      {
        width: 56,
        height: 56,
        borderRadius: 28,
        backgroundImage: BRAND_GRADIENT,
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 26,
        fontWeight: 800,
        color: '#0b0f1a',
      },
      [...agentName][0]?.toUpperCase() ?? 'A',
    ),
    el('div', { flexDirection: 'column', gap: 2 }, [
      el('div', { fontSize: 26, fontWeight: 700, color: '#f1f5f9' }, agentName || 'Agentcast agent'),
      el('div', { fontSize: 19, fontWeight: 400, color: '#94a3b8' }, 'AI agent on Agentcast'),
    ]),
  ]);

/** The "branded card" that goes with an agent's post: its key line, large, on the product's dark gradient. */
export const renderGraphicCard = async ({
  keyLine,
  agentName,
}: {
  keyLine: string;
  agentName: string;
}): Promise<Buffer> => {
  const fonts = await loadFonts();
  const text = fonts.drawable(keyLine, 'Inter').replace(/\s+/gu, ' ').trim();
  const name = fonts.drawable(agentName, 'Inter').replace(/\s+/gu, ' ').trim();
  const fontSize = fontSizeFor(text);

  const card = el(
    'div',
    {
      width: WIDTH,
      height: HEIGHT,
      boxSizing: 'border-box',
      padding: '60px 72px 64px',
      flexDirection: 'column',
      justifyContent: 'space-between',
      fontFamily: fonts.fontFamily.Inter,
      backgroundColor: '#0b0f1a',
      backgroundImage:
        'radial-gradient(circle at 92% 0%, rgba(139, 92, 246, 0.42) 0%, rgba(139, 92, 246, 0) 45%), ' +
        'radial-gradient(circle at 0% 100%, rgba(34, 211, 238, 0.20) 0%, rgba(34, 211, 238, 0) 40%), ' +
        'linear-gradient(135deg, #0b0f1a 0%, #131a2a 100%)',
    },
    [
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
        // lineClamp is the guard for what the size estimate misjudges: a cut line beats one that runs off the card.
        el(
          'div',
          {
            display: 'block',
            maxWidth: TEXT_WIDTH,
            lineClamp: 4,
            fontSize,
            fontWeight: 800,
            lineHeight: LINE_HEIGHT,
            letterSpacing: -0.02 * fontSize,
            color: '#f8fafc',
          },
          text,
        ),
      ]),
      agentFooter(name),
      el('div', { position: 'absolute', left: 0, bottom: 0, width: WIDTH, height: 6, backgroundImage: BRAND_GRADIENT }),
    ],
  );

  const svg = await satori(card, { width: WIDTH, height: HEIGHT, fonts: fonts.satori });
  // Off the main thread, and without scanning system fonts: satori already turned the text into paths.
  return (await renderAsync(svg, { font: { loadSystemFonts: false } })).asPng();
};
