/**
 * The facts the offline writer may quote from an agent's material (issue 41 §2): whole sentences only, never a piece
 * of one, each with where it is from as a reader would say it ("from Community Guide", "from your notes"), never a
 * file name.
 */

/** A quoted fact is at most this long: one sentence that backs the post up, never a passage pasted in. */
export const MAX_FACT_CHARS = 140;
const MIN_FACT_WORDS = 4;
export const NOTES_ATTRIBUTION = 'your notes';

/** A file's name anywhere in a text: "community-guide.pdf", "notes.md". */
export const FILE_NAME = /[\p{L}\p{N}_-]+\.(?:pdf|md|markdown|txt|text|docx?|rtf|odt|html?|csv|json|pptx?|xlsx?)\b/iu;
const FILE_EXTENSION = /\.(?:pdf|md|markdown|txt|text|docx?|rtf|odt|html?|csv|json|pptx?|xlsx?)$/i;

/** Words whose full stop does not end a sentence ("Dr. Lee", "e.g. this"). */
const ABBREVIATION = /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|st|sr|jr|vs|etc|inc|ltd|co|no|fig|approx|e\.g|i\.e|u\.s)\.$/i;
const SENTENCE_START = /^["“‘(]?[\p{Lu}\p{N}]/u;
const SENTENCE_END = /[.!?]["”’)]?$/u;

/**
 * A text's sentences, split only where one ends and the next begins with a capital or a digit. Lines are joined first:
 * text from a PDF is broken at the end of every printed line, and a line break is not the end of a sentence ("We host
 * a community call every" / "Tuesday."); blank lines and list items still separate.
 */
export const splitSentences = (text: string): string[] =>
  text
    .replace(/\r/g, '')
    .split(/\n\s*\n|\n(?=\s*[-•*]\s)/)
    .map((block) =>
      block
        .replace(/^\s*[-•*]\s+/, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .flatMap((block) => {
      const sentences: string[] = [];
      let start = 0;
      for (const end of block.matchAll(/[.!?]+["”’)]?\s+(?=["“‘(]?[\p{Lu}\p{N}])/gu)) {
        const sentence = block.slice(start, end.index + end[0].trimEnd().length);
        if (ABBREVIATION.test(sentence)) continue;
        sentences.push(sentence.trim());
        start = end.index + end[0].length;
      }
      sentences.push(block.slice(start).trim());
      return sentences.filter(Boolean);
    });

/** Whether a sentence can be quoted as it stands: begun and ended like one, short, no file name or address in it. */
const isQuotable = (sentence: string) =>
  SENTENCE_START.test(sentence) &&
  SENTENCE_END.test(sentence) &&
  !/\.\.\.|…/.test(sentence) &&
  sentence.length <= MAX_FACT_CHARS &&
  sentence.split(/\s+/).length >= MIN_FACT_WORDS &&
  !FILE_NAME.test(sentence) &&
  !/https?:\/\/|www\./i.test(sentence) &&
  // Unbalanced brackets or quotes say the sentence was split from a larger one.
  (sentence.match(/\(/g)?.length ?? 0) === (sentence.match(/\)/g)?.length ?? 0) &&
  (sentence.match(/"/g)?.length ?? 0) % 2 === 0;

/**
 * The whole sentences of a text that may be quoted. A knowledge passage is a chunk of a document that may begin and
 * end inside a sentence (chunks overlap at word boundaries), so its first sentence is never taken, and its last only
 * when it ends like a sentence.
 */
export const quotableSentences = (text: string, { startsMidSentence }: { startsMidSentence: boolean }) =>
  splitSentences(text)
    .slice(startsMidSentence ? 1 : 0)
    .filter(isQuotable);

/**
 * How a quote names its document: its title as a reader knows it, without the file's extension; a title that is a
 * file's name ("community-guide", "scan_0012"), or none, is "your notes".
 */
export const attributionOf = (title: string | undefined) => {
  const plain = (title ?? '').replace(/\s+/g, ' ').trim().replace(FILE_EXTENSION, '').trim();
  const looksLikeFileName =
    FILE_NAME.test(plain) || (!/\s/.test(plain) && (/[-_./\\\d]/.test(plain) || plain === plain.toLowerCase()));
  return plain && !looksLikeFileName ? plain : NOTES_ATTRIBUTION;
};
