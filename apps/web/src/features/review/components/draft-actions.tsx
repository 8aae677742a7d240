import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type DraftActionsProps = {
  /** Absent for a role that may not approve (an Editor): neither Approve, Post now nor Reject is offered. */
  onApprove?: () => void;
  /** Absent where the team's approval is not the last (the client approves next): nothing posts now. */
  onPostNow?: () => void;
  onReject?: () => void;
  /** Absent for a role that may not write (a Reviewer): neither Edit nor Regenerate is offered. */
  onEdit?: () => void;
  onRegenerate?: () => void;
  busy: boolean;
  /** Regenerate is refused once a draft holds the most versions it may. */
  canRegenerate: boolean;
};

const SMALL = 'px-3 py-1.5';

/** What a person can do with a waiting draft, as far as their role in the workspace lets them. */
export const DraftActions = ({
  onApprove,
  onPostNow,
  onEdit,
  onRegenerate,
  onReject,
  busy,
  canRegenerate,
}: DraftActionsProps) => (
  <div className="flex flex-wrap gap-2">
    {onApprove && (
      <button type="button" className={buttonClasses('primary', SMALL)} onClick={onApprove} disabled={busy}>
        Approve
      </button>
    )}
    {onPostNow && (
      <button type="button" className={buttonClasses('secondary', SMALL)} onClick={onPostNow} disabled={busy}>
        Post now
      </button>
    )}
    {onEdit && (
      <button type="button" className={buttonClasses('secondary', SMALL)} onClick={onEdit} disabled={busy}>
        Edit
      </button>
    )}
    {onRegenerate && (
      <button
        type="button"
        className={buttonClasses('secondary', SMALL)}
        onClick={onRegenerate}
        disabled={busy || !canRegenerate}
        title={
          canRegenerate ? undefined : 'This draft has as many versions as it may keep: choose one, or edit the text.'
        }
      >
        Regenerate
      </button>
    )}
    {onReject && (
      <button type="button" className={buttonClasses('danger', SMALL)} onClick={onReject} disabled={busy}>
        Reject
      </button>
    )}
  </div>
);
