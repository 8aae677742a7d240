/** Covers the screen while the session is read (spec §2: "While the auth state loads…"). */
export const FullScreenLoader = ({ label = 'Loading…' }: { label?: string }) => (
  <div className="fixed inset-0 z-50 grid place-items-center bg-ink-900" role="status" aria-live="polite">
    <div className="flex flex-col items-center gap-4">
      <span
        className="size-10 animate-spin rounded-full border-4 border-ink-600 border-t-brand-400"
        aria-hidden="true"
      />
      <span className="text-sm text-slate-400">{label}</span>
    </div>
  </div>
);
