import { buttonClasses } from '../../../lib/ui/button-classes.ts';

type DraftActionsProps = {
  onApprove: () => void;
  /** Absent where the team's approval is not the last (the client approves next): nothing posts now. */
  onPostNow?: () => void;
  onEdit: () => void;
  onRegenerate: () => void;
  onReject: () => void;
  busy: boolean;
  /** Regenerate is refused once a draft holds the most versions it may. */
  canRegenerate: boolean;
};

const SMALL = 'px-3 py-1.5';

/** What a person can do with a waiting draft. */
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
    <button type="button" className={buttonClasses('primary', SMALL)} onClick={onApprove} disabled={busy}>
      Approve
    </button>
    {onPostNow && (
      <button type="button" className={buttonClasses('secondary', SMALL)} onClick={onPostNow} disabled={busy}>
        Post now
      </button>
    )}
    <button type="button" className={buttonClasses('secondary', SMALL)} onClick={onEdit} disabled={busy}>
      Edit
    </button>
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
    <button type="button" className={buttonClasses('danger', SMALL)} onClick={onReject} disabled={busy}>
      Reject
    </button>
  </div>
);
