/** The tab's label: "Inbox" and, once read, how many conversations wait (its accessible name starts with "Inbox"). */
export const InboxTabLabel = ({ count }: { count: number | undefined }) => (
  <span className="inline-flex items-center gap-2">
    Inbox
    {count !== undefined && count > 0 && (
      <span className="min-w-5 rounded-full bg-sky-500/30 px-1.5 text-xs leading-5 text-sky-100">
        {count}
        <span className="sr-only"> waiting</span>
      </span>
    )}
  </span>
);
