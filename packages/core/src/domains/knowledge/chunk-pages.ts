export type TextChunk = { page: number | null; position: number; content: string };

/** About a paragraph or two: long enough to carry meaning, short enough that a prompt holds several. */
const TARGET_CHARS = 900;
/** The end of one chunk starts the next, so a sentence cut between them is still found whole in one. */
const OVERLAP_CHARS = 150;

/** Splits text at paragraph, then sentence, then word boundaries into pieces of about TARGET_CHARS. */
const splitText = (text: string): string[] => {
  const pieces: string[] = [];
  let rest = text.replace(/\s*\n\s*\n\s*/g, '\n\n').trim();
  while (rest.length > TARGET_CHARS) {
    const window = rest.slice(0, TARGET_CHARS);
    const cut = [
      window.lastIndexOf('\n\n'),
      ...['. ', '! ', '? '].map((end) => window.lastIndexOf(end) + 1),
      window.lastIndexOf(' '),
    ].find((position) => position > TARGET_CHARS / 2);
    const end = cut ?? TARGET_CHARS;
    pieces.push(rest.slice(0, end).trim());
    const overlapStart = Math.max(0, end - OVERLAP_CHARS);
    const nextStart = rest.indexOf(' ', overlapStart);
    rest = rest.slice(nextStart > 0 && nextStart < end ? nextStart : end).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
};

/** Chunks that keep the page they came from (null for text without pages, such as the custom context). */
export const chunkPages = (pages: string[], { hasPages = true }: { hasPages?: boolean } = {}): TextChunk[] => {
  const chunks: TextChunk[] = [];
  pages.forEach((text, index) => {
    for (const content of splitText(text))
      chunks.push({ page: hasPages ? index + 1 : null, position: chunks.length, content });
  });
  return chunks;
};
