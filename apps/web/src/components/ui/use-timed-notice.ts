import { useCallback, useEffect, useState } from 'react';

/** `help`: what to do about it, shown after the text (e.g. how to get more posts when a limit is met). */
export type TimedNotice = { tone: 'success' | 'error' | 'info'; text: string; help?: string };

/** A banner that clears itself after the time the spec gives it (spec §9 timings). */
export const useTimedNotice = () => {
  const [notice, setNotice] = useState<(TimedNotice & { ms: number; key: number }) | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.ms);
    return () => clearTimeout(timer);
  }, [notice]);

  const show = useCallback(
    (tone: TimedNotice['tone'], text: string, ms: number, help?: string) =>
      setNotice({ tone, text, help, ms, key: Date.now() }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
};
