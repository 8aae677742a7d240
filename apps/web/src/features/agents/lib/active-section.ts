type SectionPosition = { id: string; top: number };

/**
 * The section a person is reading: the last one whose top has passed the reading line (a little below the top of
 * the viewport), the first before any has; at the very bottom of the page the last section, which may never reach
 * the line because the page cannot scroll further.
 */
export const activeSection = (
  positions: readonly SectionPosition[],
  { readingLine, atBottom }: { readingLine: number; atBottom: boolean },
): string | undefined => {
  if (positions.length === 0) return undefined;
  if (atBottom) return positions[positions.length - 1]?.id;
  const passed = positions.filter((position) => position.top <= readingLine);
  return (passed[passed.length - 1] ?? positions[0])?.id;
};
