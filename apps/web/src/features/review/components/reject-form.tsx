import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

type RejectFormProps = {
  reason: string;
  onReasonChange: (reason: string) => void;
  onReject: () => void;
  onCancel: () => void;
  isRejecting: boolean;
};

/** Reject asks first: why, optionally (kept in the terminal), then rejects for good. */
export const RejectForm = ({ reason, onReasonChange, onReject, onCancel, isRejecting }: RejectFormProps) => (
  <form
    className="rounded-xl border border-red-500/30 bg-red-500/5 p-4"
    onSubmit={(event) => {
      event.preventDefault();
      onReject();
    }}
  >
    <TextField
      label="Reason for rejecting (optional)"
      hint="Shown in the terminal. The draft is never published."
      value={reason}
      maxLength={500}
      onChange={(event) => onReasonChange(event.target.value)}
      disabled={isRejecting}
    />
    <div className="mt-3 flex flex-wrap gap-2">
      <button type="submit" className={buttonClasses('danger')} disabled={isRejecting}>
        {isRejecting ? 'Rejecting…' : 'Reject draft'}
      </button>
      <button type="button" className={buttonClasses('ghost')} onClick={onCancel} disabled={isRejecting}>
        Cancel
      </button>
    </div>
  </form>
);
