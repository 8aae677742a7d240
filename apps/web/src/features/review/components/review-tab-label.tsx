/** The tab's label: "Review" and, once read, how many drafts wait (its accessible name starts with "Review"). */
export const ReviewTabLabel = ({ count }: { count: number | undefined }) => (
  <span className="inline-flex items-center gap-2">
    Review
    {count !== undefined && count > 0 && (
      <span className="min-w-5 rounded-full bg-violet-500/30 px-1.5 text-xs leading-5 text-violet-100">
        {count}
        <span className="sr-only"> waiting</span>
      </span>
    )}
  </span>
);
