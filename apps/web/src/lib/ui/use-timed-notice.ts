import { useCallback, useEffect, useState } from 'react';

/**
 * `help`: what to do about it, shown after the text (e.g. how to get more posts when a limit is met). `takesFocus`:
 * the banner is the result of what the person just did (a trigger), so focus moves to it and back when it clears.
 */
export type TimedNoticeOptions = { help?: string; takesFocus?: boolean };
export type TimedNotice = { tone: 'success' | 'error' | 'info'; text: string } & TimedNoticeOptions;

/** A banner that clears itself after the time the spec gives it (spec §9 timings). */
export const useTimedNotice = () => {
  const [notice, setNotice] = useState<(TimedNotice & { ms: number; key: number }) | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.ms);
    return () => clearTimeout(timer);
  }, [notice]);

  const show = useCallback(
    (tone: TimedNotice['tone'], text: string, ms: number, options: TimedNoticeOptions = {}) =>
      setNotice({ tone, text, ...options, ms, key: Date.now() }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
};
