import { DRAFT_MESSAGES, type Draft } from '@agentcast/contracts/drafts';
import { describePlannedTime } from '../lib/planned-time.ts';
import { ReviewAvatar } from './review-avatar.tsx';

const TRIGGER_LABEL: Record<Draft['trigger'], string> = {
  manual: 'Triggered',
  schedule: 'Scheduled',
  reply: 'Reply',
  composed: 'Written by you',
};

/** The id of a draft's status badge: the card names it as its description, so a screen reader says it with the card. */
export const draftStatusId = (draftId: string) => `draft-status-${draftId}`;

/** Who wrote the draft, when it is planned to go out (the reader's time, the zone named), and its status. */
export const DraftHeader = ({ draft }: { draft: Draft }) => {
  const planned = describePlannedTime(draft.publish_at);
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3">
      <ReviewAvatar name={draft.agent.name} image={draft.agent.image} className="size-11" />
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-white">{draft.agent.name}</h3>
        <p className="mt-0.5 text-sm text-slate-300">
          <span className="text-slate-400">Planned: </span>
          <time dateTime={draft.publish_at} title={planned.zone}>
            {planned.when}
          </time>
          {planned.isPast && <span className="text-amber-200"> · time passed: goes out at once when approved</span>}
        </p>
        <p className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
          <span
            id={draftStatusId(draft.id)}
            className="rounded-full border border-violet-500/40 bg-violet-500/10 px-2 py-0.5 font-medium text-violet-200"
          >
            {DRAFT_MESSAGES.awaitingReview}
          </span>
          <span className="text-slate-400">{TRIGGER_LABEL[draft.trigger]}</span>
          {/* A post a person wrote has no model to name (the terminal records it as written by a "person"). */}
          {draft.model && draft.trigger !== 'composed' && <span className="text-slate-400">{draft.model}</span>}
          {draft.is_offline && (
            <span className="rounded border border-amber-500/40 px-1.5 text-amber-200">offline writer</span>
          )}
        </p>
      </div>
    </div>
  );
};
