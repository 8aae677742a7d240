import { useState, type ReactNode } from 'react';
import type { ClientDraft as ClientDraftData } from '@agentcast/contracts/client-links';
import { Notice } from '../../../components/ui/notice.tsx';
import { dateAndTime } from '../../../lib/format-date.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { useApproveAsClient, useRequestChanges } from '../api/client-approval-query.ts';

type ClientDraftProps = {
  token: string;
  draft: ClientDraftData;
  previews: ReactNode;
  onDone: (message: string) => void;
};

/** One draft on the client's page: its previews, when it goes out, "Approve" and "Request changes". */
export const ClientDraft = ({ token, draft, previews, onDone }: ClientDraftProps) => {
  const approve = useApproveAsClient(token);
  const requestChanges = useRequestChanges(token);
  const [isCommenting, setIsCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const error = approve.error ?? requestChanges.error;
  const busy = approve.isPending || requestChanges.isPending;
  return (
    <li
      aria-label={`Post by ${draft.agent.name}`}
      className="space-y-4 rounded-2xl border border-ink-700 bg-ink-900 p-4"
    >
      <p className="text-sm text-slate-300">
        <span className="font-medium text-white">{draft.agent.name}</span> · planned for {dateAndTime(draft.publish_at)}
      </p>
      {previews}
      {error && <Notice tone="error">{error.message}</Notice>}
      {isCommenting ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            requestChanges.mutate(
              { id: draft.id, comment },
              { onSuccess: () => onDone('Sent to the team with your comment. They will change it and send it back.') },
            );
          }}
        >
          <label htmlFor={`changes-${draft.id}`} className="block text-sm font-medium text-slate-200">
            What should change?
          </label>
          <textarea
            id={`changes-${draft.id}`}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            rows={3}
            maxLength={2000}
            className="w-full rounded-lg border border-ink-700 bg-ink-950 px-3 py-2 text-sm text-slate-100"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClasses('primary', 'px-3 py-1.5')} disabled={busy}>
              {requestChanges.isPending ? 'Sending…' : 'Send to the team'}
            </button>
            <button
              type="button"
              className={buttonClasses('ghost', 'px-3 py-1.5')}
              onClick={() => setIsCommenting(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClasses('primary', 'px-3 py-1.5')}
            disabled={busy}
            onClick={() =>
              approve.mutate(draft.id, {
                onSuccess: () => onDone(`Approved: it goes out as planned, ${dateAndTime(draft.publish_at)}.`),
              })
            }
          >
            {approve.isPending ? 'Approving…' : 'Approve'}
          </button>
          <button
            type="button"
            className={buttonClasses('secondary', 'px-3 py-1.5')}
            disabled={busy}
            onClick={() => setIsCommenting(true)}
          >
            Request changes
          </button>
        </div>
      )}
    </li>
  );
};
