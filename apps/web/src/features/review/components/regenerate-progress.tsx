/** Writing a new version takes as long as writing a post: a bar that moves, with no percentage to promise. */
export const RegenerateProgress = () => (
  <div className="rounded-lg border border-sky-500/30 bg-sky-500/5 px-3 py-2 text-sm text-sky-200">
    <p>The agent is writing a new version from the same brief…</p>
    <div
      role="progressbar"
      aria-label="Writing a new version"
      className="mt-2 h-1.5 overflow-hidden rounded-full bg-ink-700"
    >
      <div className="h-full w-full animate-pulse rounded-full bg-sky-400" />
    </div>
  </div>
);
