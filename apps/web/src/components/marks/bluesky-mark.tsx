/** Bluesky's butterfly, drawn rather than an emoji: not every system has an emoji font. */
export const BlueskyMark = ({ className = 'size-6' }: { className?: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
    <path d="M12 10.8C10.9 8.7 8 4.9 5.3 3 2.7 1.2 1.7 1.5 1.1 1.8.3 2.2.2 3.6.2 4.4c0 .8.5 6.7.7 7.6.8 3.1 4 4.1 6.9 3.8-4.3.7-8 2.2-3.1 7.7 5.4 5.6 7.4-1.2 8.4-4.6 1 3.4 2.2 9.9 8.3 4.6 4.6-4.6 1.3-7-3-7.7 2.9.3 6.1-.7 6.9-3.8.2-.9.7-6.8.7-7.6 0-.8-.1-2.2-.9-2.6-.6-.3-1.6-.6-4.2 1.2C16 4.9 13.1 8.7 12 10.8z" />
  </svg>
);
