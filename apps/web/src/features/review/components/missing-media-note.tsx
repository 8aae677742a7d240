/** Said on a preview whose post lacks the medium the platform needs: the post will not go there. */
export const MissingMediaNote = ({ text, surface }: { text: string; surface: 'dark' | 'light' }) => (
  <p
    role="note"
    className={`flex items-start gap-2 rounded-lg border px-3 py-2 text-sm leading-5 ${
      surface === 'light'
        ? 'border-amber-300 bg-amber-50 text-amber-900'
        : 'border-amber-500/40 bg-amber-500/10 text-amber-100'
    }`}
  >
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-4 shrink-0">
      <path
        fillRule="evenodd"
        d="M8.49 2.9c.66-1.2 2.36-1.2 3.02 0l6.28 11.4c.63 1.15-.2 2.56-1.51 2.56H3.72c-1.31 0-2.14-1.41-1.51-2.56L8.49 2.9ZM10 7a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 7Zm0 7.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </svg>
    <span>{text}</span>
  </p>
);
