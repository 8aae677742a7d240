const TONES = {
  good: 'bg-emerald-500/15 text-emerald-200',
  waiting: 'bg-amber-500/15 text-amber-200',
  bad: 'bg-red-500/15 text-red-200',
  off: 'bg-ink-700 text-slate-200',
} as const;

/** A short state in a pill: delivered, pending, failed; enabled, failing, disabled. */
export const WebhookStatusBadge = ({ tone, children }: { tone: keyof typeof TONES; children: string }) => (
  <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}>
    {children}
  </span>
);
