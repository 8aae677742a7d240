/** The pieces every card layout is built of: satori elements as plain objects (no JSX, no React). */

export type Style = Record<string, string | number>;

// satori takes React elements; plain objects of the same shape spare us JSX and React.
export const el = (type: string, style: Style, children: unknown = []) => ({
  type,
  key: null,
  props: { style: { display: 'flex', ...style }, children },
});

export const BRAND_GRADIENT = 'linear-gradient(135deg, #8b5cf6 0%, #a78bfa 45%, #22d3ee 100%)';
export const HEADLINE_LINE_HEIGHT = 1.12;

export const DARK_BACKGROUND = {
  backgroundColor: '#0b0f1a',
  backgroundImage:
    'radial-gradient(circle at 92% 0%, rgba(139, 92, 246, 0.42) 0%, rgba(139, 92, 246, 0) 45%), ' +
    'radial-gradient(circle at 0% 100%, rgba(34, 211, 238, 0.20) 0%, rgba(34, 211, 238, 0) 40%), ' +
    'linear-gradient(135deg, #0b0f1a 0%, #131a2a 100%)',
};
export const PAPER_BACKGROUND = {
  backgroundColor: '#faf7f2',
  backgroundImage: 'linear-gradient(160deg, #fffdf8 0%, #f3efe6 100%)',
};

/** The agent's avatar, cropped square and resized once, as satori takes pictures: a PNG data URL. */
export const avatarDataUrl = async (avatar: Buffer | undefined, side: number) => {
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
export const avatarCircle = (avatar: string | null, agentName: string, side: number, ring: string) =>
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

/**
 * The card's brand mark: the agent's avatar and name (issue 41 §9) — the card speaks for the agent, not for the tool
 * that drew it. "AI agent" under the name says plainly who wrote the post.
 */
export const agentMark = (
  agentName: string,
  avatar: string | null,
  { side = 56, colors = { name: '#f1f5f9', byline: '#94a3b8', ring: 'rgba(255, 255, 255, 0.85)' }, nameSize = 26 } = {},
) =>
  el('div', { alignItems: 'center', gap: Math.round(side / 3) }, [
    avatarCircle(avatar, agentName, side, colors.ring),
    el('div', { flexDirection: 'column', gap: 2 }, [
      el('div', { fontSize: nameSize, fontWeight: 700, color: colors.name }, agentName),
      el('div', { fontSize: Math.round(nameSize * 0.73), fontWeight: 400, color: colors.byline }, 'AI agent'),
    ]),
  ]);

/** The headline as a text block: wraps within its width; its size was chosen so that all of it fits (fit-text.ts). */
export const headlineElement =
  ({ width, color, textAlign = 'left' }: { width: number; color: string; textAlign?: string }) =>
  (text: string, fontSize: number) =>
    el(
      'div',
      {
        display: 'block',
        width,
        fontSize,
        fontWeight: 800,
        lineHeight: HEADLINE_LINE_HEIGHT,
        letterSpacing: -0.02 * fontSize,
        color,
        textAlign,
      },
      text,
    );

// Echoes a "cast" signal spreading from the top-right corner.
export const signalRings = () =>
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
