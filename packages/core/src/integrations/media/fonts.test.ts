import { describe, expect, it } from 'vitest';
import { loadFonts } from './fonts.ts';

describe('loadFonts', () => {
  it('loads the fonts once', async () => {
    const fonts = await loadFonts();
    expect(await loadFonts()).toBe(fonts);
    expect(fonts.satori.map(({ name, weight }) => `${name} ${weight}`)).toContain('Inter latin-ext 800');
  });

  it('keeps what the fonts can draw, accents included', async () => {
    const { drawable } = await loadFonts();
    expect(drawable('Café “naïve” — Łódź, 20 € … ™', 'Inter')).toBe('Café “naïve” — Łódź, 20 € … ™');
    expect(drawable('STRASSE ÉTÉ ŁÓDŹ!', 'Anton')).toBe('STRASSE ÉTÉ ŁÓDŹ!');
  });

  it('drops emoji, other scripts and invisible characters, and turns styled letters into plain ones', async () => {
    const { drawable } = await loadFonts();
    expect(drawable('Launch 🚀 day 👩🏽‍💻 你好 Привет', 'Inter').trim()).toMatch(/^Launch +day$/);
    expect(drawable('zero\u200bwidth\u00adsoft', 'Inter')).toBe('zerowidthsoft');
    expect(drawable('𝐁𝐨𝐥𝐝 ﬁne Nẵng', 'Inter')).toBe('Bold fine Nang');
  });
});
