import type { ReactNode } from 'react';

type NoticeTone = 'success' | 'error' | 'info';

const TONES: Record<NoticeTone, string> = {
  success: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-200',
  error: 'border-red-500/40 bg-red-500/10 text-red-200',
  info: 'border-sky-500/40 bg-sky-500/10 text-sky-200',
};

/** A banner; errors are announced at once (role=alert), the rest politely. */
export const Notice = ({
  tone,
  children,
  onDismiss,
}: {
  tone: NoticeTone;
  children: ReactNode;
  onDismiss?: () => void;
}) => (
  <div
    role={tone === 'error' ? 'alert' : 'status'}
    className={`flex items-start justify-between gap-3 rounded-lg border px-4 py-3 text-sm ${TONES[tone]}`}
  >
    <div>{children}</div>
    {onDismiss && (
      <button type="button" onClick={onDismiss} className="shrink-0 opacity-70 hover:opacity-100" aria-label="Dismiss">
        ✕
      </button>
    )}
  </div>
);
