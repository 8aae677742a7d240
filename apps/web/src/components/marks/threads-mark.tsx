/** Threads' "@", drawn rather than an emoji: not every system has an emoji font. */
export const ThreadsMark = ({ className = 'size-6' }: { className?: string }) => (
  <svg
    viewBox="0 0 24 24"
    aria-hidden="true"
    className={className}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
  >
    <path d="M18.6 7.6C17.3 4.9 15 3.5 12 3.5 7.2 3.5 4.2 7 4.2 12s3 8.5 7.8 8.5c3.8 0 6.6-2.1 6.6-5.2 0-2.7-2.1-4.3-5.5-4.3-2.4 0-3.9 1.1-3.9 2.7 0 1.5 1.3 2.5 3 2.5 2.7 0 4-2 4-5.3" />
  </svg>
);
