/** Farcaster's arch, drawn rather than an emoji: not every system has an emoji font. */
export const FarcasterMark = ({ className = 'size-6' }: { className?: string }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
    <path d="M5.5 3h13v18h-2.2v-8.2h-.1a4.2 4.2 0 0 0-8.4 0h-.1V21H5.5V3zM2.5 5.6l.9 3h.8V19a.9.9 0 0 0-.9.9v.3h-.2a.8.8 0 0 0-.8.8h5.4a.8.8 0 0 0-.8-.8h-.2v-.3a.9.9 0 0 0-.9-.9V5.6H2.5zm14.8 0v13.4a.9.9 0 0 0-.9.9v.3h-.2a.8.8 0 0 0-.8.8h5.4a.8.8 0 0 0-.8-.8h-.2v-.3a.9.9 0 0 0-.9-.9V8.6h.8l.9-3h-3.3z" />
  </svg>
);
