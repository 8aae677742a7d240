import type { ReactNode } from 'react';

type ThreadSplitButtonProps = {
  /** The accessible name, e.g. "Move split 1 earlier"; it contains the visible text. */
  label: string;
  children: ReactNode;
  /** What pressing it does; absent when it is not possible (a post would be too long or empty). */
  onPress: (() => void) | undefined;
  /** Why it is not possible, shown on hover. */
  unavailableReason?: string;
  isSaving: boolean;
};

/**
 * A small control of the thread's split. An unavailable one stays focusable (aria-disabled, not disabled): a
 * person moving a split point with the keyboard keeps their place when the point reaches its last position.
 */
export const ThreadSplitButton = ({
  label,
  children,
  onPress,
  unavailableReason,
  isSaving,
}: ThreadSplitButtonProps) => (
  <button
    type="button"
    aria-label={label}
    aria-disabled={onPress ? undefined : true}
    title={onPress ? undefined : unavailableReason}
    onClick={() => {
      if (!isSaving) onPress?.();
    }}
    className="inline-flex min-h-6 min-w-6 items-center justify-center gap-1 rounded-full border border-zinc-700 px-2.5 py-0.5 text-xs font-semibold text-zinc-200 transition-colors hover:border-sky-500 hover:text-white aria-disabled:cursor-not-allowed aria-disabled:border-zinc-800 aria-disabled:text-zinc-500 aria-disabled:hover:border-zinc-800 aria-disabled:hover:text-zinc-500"
  >
    {children}
  </button>
);
