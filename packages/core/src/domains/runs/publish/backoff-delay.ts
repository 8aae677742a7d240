/** Exponential backoff with full jitter: attempt 1 waits up to `baseMs`, each next one up to twice as long, capped. */
export const backoffDelay = (
  attempt: number,
  { baseMs, maxMs, random = Math.random }: { baseMs: number; maxMs: number; random?: () => number },
) => {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
};
