import { useEffect, useState } from 'react';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type CopyState = 'idle' | 'copied' | 'refused';

/** How long the confirmation stays; the refusal, which asks the person to do something, stays longer. */
const SHOWN_MS: Record<Exclude<CopyState, 'idle'>, number> = { copied: 2500, refused: 10_000 };

export const COPY_MESSAGES = {
  copied: 'Copied',
  refused: 'The browser did not allow copying: select the text and copy it yourself.',
} as const;

/**
 * Copies a post's text to the clipboard and says so where a screen reader hears it (a polite live region that is in
 * the page before it speaks). Where the browser refuses (permission denied, a page not served over HTTPS), it says
 * how to copy instead.
 */
export const CopyButton = ({ text }: { text: string }) => {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_MS[state]);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      // navigator.clipboard is undefined outside secure contexts: that throws here too, and is said the same way.
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('refused');
    }
  };

  return (
    <>
      <button
        type="button"
        aria-label="Copy the post's text"
        className={buttonClasses('secondary', 'px-3 py-1.5 text-xs')}
        onClick={() => void copy()}
      >
        Copy
      </button>
      <span
        role="status"
        className={`text-xs ${state === 'refused' ? 'basis-full text-amber-200' : 'text-emerald-300'}`}
      >
        {state === 'idle' ? '' : COPY_MESSAGES[state]}
      </span>
    </>
  );
};
