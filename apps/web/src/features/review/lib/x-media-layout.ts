/** X shows at most four media items on a post. */
export const X_MEDIA_LIMIT = 4;

/**
 * X's media grid: one item alone, two side by side, three as one tall item beside two stacked, four in a square.
 * Answers the grid's classes and each shown item's, in order; items past the fourth are not shown.
 */
export const xMediaLayout = (count: number) => {
  const shown = Math.min(count, X_MEDIA_LIMIT);
  if (shown <= 1) return { grid: 'grid grid-cols-1', items: shown === 1 ? [''] : [] };
  const grid =
    shown === 2 ? 'grid aspect-video grid-cols-2 gap-0.5' : 'grid aspect-video grid-cols-2 grid-rows-2 gap-0.5';
  const items = Array.from({ length: shown }, (_, index) =>
    shown === 2 || (shown === 3 && index === 0) ? 'row-span-2' : '',
  );
  return { grid, items };
};
