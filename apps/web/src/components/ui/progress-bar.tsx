/** A labelled progress bar, 0 to 1. */
export const ProgressBar = ({ label, value }: { label: string; value: number }) => {
  const percent = Math.round(Math.min(Math.max(value, 0), 1) * 100);
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-400">
        <span className="truncate">{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-ink-700"
      >
        <div className="h-full bg-brand-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
};
