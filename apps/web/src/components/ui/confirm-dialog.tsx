import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { buttonClasses } from '../../lib/ui/button-classes.ts';

type ConfirmDialogProps = {
  title: string;
  /** The question, in a sentence, under the title. */
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The id of what takes focus when the control that opened the dialog is gone (a deleted item's button). */
  fallbackFocusId?: string;
};

const FOCUSABLE = 'button:not(:disabled), [href], input:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A question asked in the page before something that cannot be undone: a modal alert dialog named by its title,
 * focus on Cancel when it opens (the safe answer), kept inside while it is open, Escape cancels, and focus goes
 * back where it was when it closes (or to `fallbackFocusId` when that control is gone or disabled).
 */
export const ConfirmDialog = ({
  title,
  question,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onCancel,
  fallbackFocusId,
}: ConfirmDialogProps) => {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelRef.current?.focus();
    return () => {
      // After the dialog's own removal from the page, unless the page has put focus somewhere meanwhile.
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        if (opener?.isConnected && !opener.matches(':disabled')) opener.focus();
        else if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
      });
    };
  }, [fallbackFocusId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!isPending) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/70 p-4" onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-question`}
        className="w-full max-w-md rounded-2xl border border-ink-600 bg-ink-900 p-6 shadow-2xl"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold break-words text-white">
          {title}
        </h2>
        <p id={`${id}-question`} className="mt-2 text-sm text-slate-300">
          {question}
        </p>
        {/* Cancel first, on screen as in the tab order. */}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            className={buttonClasses('secondary')}
            onClick={onCancel}
            disabled={isPending}
          >
            Cancel
          </button>
          <button type="button" className={buttonClasses('danger')} onClick={onConfirm} disabled={isPending}>
            {isPending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
};
