import { useId, useState, type ReactNode } from 'react';

/**
 * The live preview's place: beside the form on wide screens, always open; on phones a panel above the form that
 * opens on demand, so the fields stay first.
 */
export const PreviewPanel = ({ children, className = '' }: { children: ReactNode; className?: string }) => {
  const [isOpen, setIsOpen] = useState(false);
  const contentId = useId();
  const headingId = useId();

  return (
    <aside
      aria-labelledby={headingId}
      className={`min-w-0 rounded-2xl border border-ink-700 bg-ink-800/50 p-4 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-white">
          Preview
        </h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={contentId}
          onClick={() => setIsOpen((open) => !open)}
          className="rounded-lg px-2 py-1 text-sm text-brand-300 hover:bg-ink-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 lg:hidden"
        >
          {isOpen ? 'Hide preview' : 'Show preview'}
        </button>
      </div>
      <p className="mt-1 text-xs text-slate-400">How a post from this agent looks, as you type.</p>
      <div id={contentId} className={`mt-4 ${isOpen ? '' : 'hidden'} lg:block`}>
        {children}
      </div>
    </aside>
  );
};
