import { useState } from 'react';

type ConfirmActionProps = {
  /** The action's name, on the first button ("Delete from X"); the confirming group is named after it. */
  label: string;
  /** What the person confirms, in a sentence. */
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** The server's message when the action failed. */
  error?: string;
};

/**
 * An action that is asked about first, in place: the button opens the question with its confirm and "Keep it",
 * and closes again when the action is done or kept.
 */
export const ConfirmAction = ({
  label,
  question,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  error,
}: ConfirmActionProps) => {
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      {!isAsking ? (
        <button type="button" className="underline hover:text-red-300" onClick={() => setIsAsking(true)}>
          {label}
        </button>
      ) : (
        <span role="group" aria-label={`${label}?`}>
          {question}{' '}
          <button
            type="button"
            className="font-semibold text-red-300 underline disabled:opacity-60"
            disabled={isPending}
            onClick={onConfirm}
          >
            {isPending ? pendingLabel : confirmLabel}
          </button>{' '}
          <button type="button" className="underline" onClick={() => setIsAsking(false)} disabled={isPending}>
            Keep it
          </button>
        </span>
      )}
      {error && (
        <span role="alert" className="ml-1 text-red-300">
          {error}
        </span>
      )}
    </>
  );
};
