import { useState } from 'react';
import type { Draft } from '@agentcast/contracts/drafts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useApproveDrafts } from '../api/approve-drafts.ts';
import { postDrafts, useDrafts } from '../api/drafts-query.ts';
import { useDraftsStream } from '../api/drafts-stream.ts';
import { ComposePostForm } from './compose-post-form.tsx';
import { DraftCard } from './draft-card.tsx';
import { ExpiredDrafts } from './expired-drafts.tsx';
import type { ReviewAgent } from '../lib/review-agent.ts';
import { ALL_REVIEW_PERMISSIONS, type ReviewPermissions } from '../lib/review-permissions.ts';

/** How long a confirmation ("Approved: …") stays. */
const DONE_NOTICE_MS = 8000;

const approvedMessage = (approved: number, asked: number, forClient: number) =>
  [
    `Approved ${approved} ${approved === 1 ? 'draft' : 'drafts'}: each goes out at its planned time (at once where that time has passed) to the platforms it can reach. The Terminal shows where each went.`,
    forClient > 0
      ? `${forClient} of them now ${forClient === 1 ? 'waits' : 'wait'} for the client, on their approval link.`
      : '',
    approved < asked ? `${asked - approved} no longer waited for review.` : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Issue 15 §2: the drafts of agents with review on, soonest first, each with its previews and actions; several can
 * be approved at once; and a post can be written by hand (§3). Read again on every change the terminal stream
 * reports, after every action, and at least every 30 s.
 */
type ReviewPanelProps = {
  agents: ReviewAgent[];
  /** A time to write a post for (a free slot clicked in the Calendar), as a datetime-local value: the form opens. */
  composeAt?: string;
  /** The form asked for with `composeAt` was closed. */
  onComposeClosed?: () => void;
  /** The agents are still being read: the form waits for them rather than saying there are none. */
  isLoadingAgents?: boolean;
  /** What the person's role lets them do here: the tab offers nothing else. */
  may?: ReviewPermissions;
};

export const ReviewPanel = ({
  agents,
  composeAt,
  onComposeClosed,
  isLoadingAgents = false,
  may = ALL_REVIEW_PERMISSIONS,
}: ReviewPanelProps) => {
  const drafts = useDrafts();
  useDraftsStream();
  const approve = useApproveDrafts();
  const { notice, show, clear } = useTimedNotice();
  const [isComposing, setIsComposing] = useState(Boolean(composeAt));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const list: Draft[] = postDrafts(drafts.data?.drafts ?? []);
  // Drafts that left the list (approved elsewhere, rejected) drop out of the selection by themselves.
  const selectedIds = list.filter((draft) => selected.has(draft.id)).map((draft) => draft.id);
  const allSelected = list.length > 0 && selectedIds.length === list.length;
  const agentOf = (agentId: string) => agents.find((agent) => agent.id === agentId);
  const done = (message: string) => show('success', message, DONE_NOTICE_MS);

  const select = (ids: string[], isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const approveSelected = () =>
    approve.mutate(
      { ids: selectedIds, now: false },
      {
        onSuccess: ({ approved }) => {
          const forClient = list.filter(
            (draft) => draft.approval === 'team_then_client' && approved.some((item) => item.id === draft.id),
          ).length;
          done(approvedMessage(approved.length, selectedIds.length, forClient));
          select(selectedIds, false);
        },
      },
    );

  return (
    <section aria-labelledby="review-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="review-title" className="text-2xl font-bold text-white">
            Review
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            Posts your agents wrote with “Review before posting” on. Nothing goes out until it is approved. Answers to
            people wait in the Inbox.
          </p>
        </div>
        {may.compose && !isComposing && !composeAt && (
          <button type="button" className={buttonClasses('primary')} onClick={() => setIsComposing(true)}>
            Write a post
          </button>
        )}
      </div>

      {notice && (
        <Notice key={notice.key} tone={notice.tone} onDismiss={clear}>
          {notice.text}
        </Notice>
      )}
      {may.compose && (isComposing || composeAt) && isLoadingAgents && (
        <p className="text-sm text-slate-400">Loading your agents…</p>
      )}
      {may.compose && (isComposing || composeAt) && !isLoadingAgents && (
        <ComposePostForm
          // Another slot clicked while the form is open starts it again at that time.
          key={composeAt}
          agents={agents}
          initialPublishAt={composeAt}
          onPosted={done}
          onClose={() => {
            setIsComposing(false);
            onComposeClosed?.();
          }}
        />
      )}

      {drafts.isError && <Notice tone="error">Could not read the drafts: {drafts.error.message}</Notice>}
      {drafts.isPending && <p className="text-sm text-slate-400">Loading drafts…</p>}
      {drafts.isSuccess && list.length === 0 && (
        <div className="rounded-2xl border border-ink-700 bg-ink-950 px-6 py-12 text-center text-sm text-slate-400">
          No drafts are waiting for review.
        </div>
      )}

      {list.length > 0 && (
        <>
          {may.approve && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-ink-700 bg-ink-900 px-4 py-3">
              <label className="flex items-center gap-2 text-sm text-slate-300">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-500"
                  checked={allSelected}
                  onChange={(event) =>
                    select(
                      list.map((draft) => draft.id),
                      event.target.checked,
                    )
                  }
                />
                Select all ({list.length} awaiting review)
              </label>
              <button
                type="button"
                className={buttonClasses('primary', 'px-3 py-1.5')}
                onClick={approveSelected}
                disabled={selectedIds.length === 0 || approve.isPending}
              >
                {approve.isPending ? 'Approving…' : `Approve selected (${selectedIds.length})`}
              </button>
            </div>
          )}
          {approve.isError && <Notice tone="error">{approve.error.message}</Notice>}
          <ul className="space-y-4" aria-label="Drafts awaiting review">
            {list.map((draft) => (
              <DraftCard
                key={draft.id}
                draft={draft}
                xHandle={agentOf(draft.agent.id)?.x_username ?? null}
                videoPrivacy={agentOf(draft.agent.id)?.video_privacy}
                farcasterChannel={agentOf(draft.agent.id)?.farcaster_channel}
                isSelected={selected.has(draft.id)}
                onSelectedChange={(isSelected) => select([draft.id], isSelected)}
                onDone={done}
                may={may}
              />
            ))}
          </ul>
        </>
      )}
      <ExpiredDrafts drafts={drafts.data?.expired ?? []} onDone={done} mayReschedule={may.compose} />
    </section>
  );
};
