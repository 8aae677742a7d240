import type { ReactNode } from 'react';
import { useFocusOnShow } from '../../lib/ui/use-focus-on-show.ts';

type NoticeTone = 'success' | 'error' | 'info';

const TONES: Record<NoticeTone, string> = {
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  error: 'border-red-500/40 bg-red-500/10 text-red-200',
  info: 'border-sky-500/40 bg-sky-500/10 text-sky-200',
};

/**
 * A banner; errors are announced at once (role=alert), the rest politely. `takesFocus`: it is the outcome of what
 * the person just did, so focus moves to it, and back to where it was when the banner goes.
 */
export const Notice = ({
  tone,
  children,
  onDismiss,
  takesFocus = false,
}: {
  tone: NoticeTone;
  children: ReactNode;
  onDismiss?: () => void;
  takesFocus?: boolean;
}) => {
  const ref = useFocusOnShow<HTMLDivElement>({ when: takesFocus, returnFocus: true });
  return (
    <div
      ref={ref}
      tabIndex={takesFocus ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 ${TONES[tone]}`}
    >
      <div>{children}</div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          className="shrink-0 opacity-70 hover:opacity-100"
          aria-label="Dismiss"
        >
          ✕
        </button>
      )}
    </div>
  );
};
