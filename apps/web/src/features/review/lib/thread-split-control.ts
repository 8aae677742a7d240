/**
 * What a thread preview needs to let a person change where the thread is split: the split points they chose (null:
 * the automatic split), and where to send new ones (null: back to automatic). Absent, the preview only shows.
 */
export type ThreadSplitControl = {
  chosen: readonly number[] | null;
  onChange: (breaks: number[] | null) => void;
  /** A change is being saved: further ones wait for it. */
  isSaving: boolean;
};
