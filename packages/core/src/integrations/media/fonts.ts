import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { FontWeight, Font as SatoriFont } from 'satori';

export type FontFamily = 'Inter' | 'Anton';
export type Fonts = {
  /** Pass this same array to every satori call: satori caches its parsed fonts by the array's identity. */
  satori: SatoriFont[];
  /** The CSS `fontFamily` of each family: satori picks one font per name and weight, so each subset has its own name. */
  fontFamily: Record<FontFamily, string>;
  /** The text without what `family` cannot draw (emoji, scripts outside Latin), so no "missing glyph" boxes. */
  drawable: (text: string, family: FontFamily) => string;
};

// From the npm packages, never the system: a fresh server may have no fonts at all.
const SUBSETS = ['latin', 'latin-ext'];
const FILES: { family: FontFamily; subset: string; weight: FontWeight; file: string }[] = [
  ...([400, 700, 800] as const).flatMap((weight) =>
    SUBSETS.map((subset) => ({
      family: 'Inter' as const,
      subset,
      weight,
      file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
    })),
  ),
  ...SUBSETS.map((subset) => ({
    family: 'Anton' as const,
    subset,
    weight: 400 as const,
    file: `@fontsource/anton/files/anton-${subset}-400-normal.woff`,
  })),
];
const nameOf = (family: FontFamily, subset: string) => `${family} ${subset}`;

/** A WOFF 1 file's `cmap` table: its directory lists each table's offset and lengths, zlib-packed when shorter. */
const cmapOf = (woff: Buffer): Buffer => {
  for (let entry = 44; entry < 44 + woff.readUInt16BE(12) * 20; entry += 20) {
    if (woff.toString('latin1', entry, entry + 4) !== 'cmap') continue;
    const [offset, length, originalLength] = [4, 8, 12].map((at) => woff.readUInt32BE(entry + at)) as [
      number,
      number,
      number,
    ];
    const packed = woff.subarray(offset, offset + length);
    return length < originalLength ? inflateSync(packed) : packed;
  }
  throw new Error('The font has no cmap table.');
};

/** The code points that a `cmap` maps to a glyph (subtable formats 4 and 12, the ones fonts for Unicode use). */
const codePointsOf = (cmap: Buffer): number[] => {
  const found: number[] = [];
  const u16 = (at: number) => cmap.readUInt16BE(at),
    u32 = (at: number) => cmap.readUInt32BE(at);
  for (let record = 4; record < 4 + u16(2) * 8; record += 8) {
    const table = u32(record + 4);
    if (u16(table) === 12) {
      for (let group = table + 16; group < table + 16 + u32(table + 12) * 12; group += 12) {
        for (let code = u32(group); code <= u32(group + 4); code++) found.push(code);
      }
    } else if (u16(table) === 4) {
      const segments = u16(table + 6) / 2;
      const ends = table + 14,
        starts = ends + segments * 2 + 2,
        rangeOffsets = starts + segments * 4;
      for (let s = 0; s < segments; s++) {
        const start = u16(starts + s * 2),
          rangeOffset = u16(rangeOffsets + s * 2);
        for (let code = start; code <= u16(ends + s * 2) && code < 0xffff; code++) {
          // A segment may map some of its codes to glyph 0, "missing", through its glyph array.
          if (rangeOffset === 0 || u16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2) !== 0) found.push(code);
        }
      }
    }
  }
  return found;
};

const load = async (): Promise<Fonts> => {
  const require = createRequire(import.meta.url);
  const loaded = await Promise.all(
    FILES.map(async (font) => ({ ...font, data: await readFile(require.resolve(font.file)) })),
  );
  const coverage: Record<FontFamily, Set<number>> = { Inter: new Set(), Anton: new Set() };
  for (const font of loaded) for (const code of codePointsOf(cmapOf(font.data))) coverage[font.family].add(code);

  const canDraw = (text: string, family: FontFamily) =>
    text !== '' &&
    !/\p{Cc}|\p{Cf}/u.test(text) &&
    [...text].every((char) => coverage[family].has(char.codePointAt(0)!));
  // Before dropping a character, try its compatibility form ("𝐁𝐨𝐥𝐝" from social posts is "Bold", "ﬁ" is "fi"),
  // then its base letter ("ẵ" is "a" in a font without Vietnamese).
  const redraw = (char: string, family: FontFamily) =>
    [char, char.normalize('NFKC'), char.normalize('NFKD').replace(/\p{M}/gu, '')].find((candidate) =>
      canDraw(candidate, family),
    ) ?? '';
  const drawable = (text: string, family: FontFamily) =>
    [...text.normalize('NFC')].map((char) => (/\s/u.test(char) ? ' ' : redraw(char, family))).join('');

  return {
    satori: loaded.map(({ family, subset, weight, data }) => ({
      name: nameOf(family, subset),
      weight,
      data,
      style: 'normal',
    })),
    fontFamily: {
      Inter: SUBSETS.map((subset) => nameOf('Inter', subset)).join(', '),
      Anton: SUBSETS.map((subset) => nameOf('Anton', subset)).join(', '),
    },
    drawable,
  };
};

let fonts: Promise<Fonts> | undefined;

/** Reads the fonts on first use only, so a process that never draws a picture never pays for them. */
export const loadFonts = (): Promise<Fonts> => {
  fonts ??= load().catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
};
