import { useState } from 'react';
import { Link } from 'react-router';
import type { VideoPrivacy } from '@agentcast/contracts/agents';
import { MAX_DRAFT_VERSIONS, type Draft } from '@agentcast/contracts/drafts';
import { PATHS } from '@agentcast/contracts/paths';
import { platformName } from '@agentcast/contracts/publishing-constants';
import { usePlatformProblems, type PlatformProblem } from '../../../api/connections.ts';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { useApproveDrafts } from '../api/approve-drafts.ts';
import { useChangeDraft } from '../api/change-draft.ts';
import { useRegenerateDraft } from '../api/regenerate-draft.ts';
import { useRejectDraft } from '../api/reject-draft.ts';
import { DraftActions } from './draft-actions.tsx';
import { DraftApprovals } from './draft-approvals.tsx';
import { DraftComments } from './draft-comments.tsx';
import { DraftDetails } from './draft-details.tsx';
import { DraftHeader, draftStatusId } from './draft-header.tsx';
import { DraftVersions } from './draft-versions.tsx';
import { PlatformPreviews } from './platform-previews.tsx';
import { approvalMessage, WAITS_FOR_CLIENT } from '../lib/approval-message.ts';
import { describePlannedTime } from '../lib/planned-time.ts';
import { PostTextEditor } from './post-text-editor.tsx';
import { postTextProblems } from '../lib/post-text.ts';
import { RegenerateProgress } from './regenerate-progress.tsx';
import { RejectForm } from './reject-form.tsx';
import { ALL_REVIEW_PERMISSIONS, type ReviewPermissions } from '../lib/review-permissions.ts';

type DraftCardProps = {
  draft: Draft;
  /** The agent's X account, for the X preview's @handle. */
  xHandle: string | null;
  /** The agent's YouTube video privacy, for the YouTube preview's badge (private when not known). */
  videoPrivacy?: VideoPrivacy;
  /** The channel the agent's casts go into (its `farcaster_channel`). */
  farcasterChannel?: string;
  isSelected: boolean;
  onSelectedChange: (isSelected: boolean) => void;
  /** Said by the list once the draft has left it (approved or rejected). */
  onDone: (message: string) => void;
  may?: ReviewPermissions;
};

type Mode = 'view' | 'edit' | 'reject';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One waiting draft: who, when, the previews per platform, and the actions. What the person typed (an edit, a
 * reason) stays in the card whatever the server answers; an error is said beside the draft in the server's words.
 */
export const DraftCard = ({
  draft,
  xHandle,
  videoPrivacy,
  farcasterChannel,
  isSelected,
  onSelectedChange,
  onDone,
  may = ALL_REVIEW_PERMISSIONS,
}: DraftCardProps) => {
  const [mode, setMode] = useState<Mode>('view');
  const [editText, setEditText] = useState(draft.text);
  const [triedSave, setTriedSave] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = useApproveDrafts();
  const problemOf = usePlatformProblems(draft.agent.id);
  const blocked = draft.platforms.flatMap((platform) => {
    const problem = problemOf?.(platform);
    return problem ? [{ platform, problem }] : [];
  });
  const change = useChangeDraft(draft.id);
  const regenerate = useRegenerateDraft(draft.id);
  const reject = useRejectDraft(draft.id);
  const busy = approve.isPending || change.isPending || regenerate.isPending || reject.isPending;
  const onError = (failure: unknown) => setError(errorText(failure));
  const author = { name: draft.agent.name, image: draft.agent.image, xHandle };

  const approveDraft = (now: boolean) => {
    setError(null);
    approve.mutate(
      { ids: [draft.id], now },
      {
        onSuccess: ({ approved }) => {
          if (draft.approval === 'team_then_client') return onDone(WAITS_FOR_CLIENT(draft.agent.name));
          const at = approved[0]?.publish_at;
          const planned = at ? describePlannedTime(at) : undefined;
          onDone(
            approvalMessage({
              agentName: draft.agent.name,
              platforms: draft.platforms,
              when: planned && !planned.isPast ? planned.when : null,
              problemOf: problemOf ?? (() => null),
            }),
          );
        },
        onError,
      },
    );
  };

  const save = () => {
    setTriedSave(true);
    if (postTextProblems(editText, draft.platforms, { xThreads: draft.x_threads }).length > 0) return;
    setError(null);
    change.mutate({ text: editText.trim() }, { onSuccess: () => setMode('view'), onError });
  };

  const splitThread = (breaks: number[] | null) => {
    setError(null);
    change.mutate({ thread_breaks: breaks }, { onError });
  };

  const startEdit = () => {
    setEditText(draft.text);
    setTriedSave(false);
    setError(null);
    setMode('edit');
  };

  const rejectDraft = () => {
    setError(null);
    reject.mutate(reason, {
      onSuccess: () => onDone(`Rejected: ${draft.agent.name}'s draft will not be published.`),
      onError,
    });
  };

  const shownText = mode === 'edit' ? editText : draft.text;
  return (
    <li
      aria-label={`Draft by ${draft.agent.name}`}
      aria-describedby={draftStatusId(draft.id)}
      className="rounded-2xl border border-ink-700 bg-ink-800/60 p-4 sm:p-5"
      aria-busy={busy}
    >
      <div className="flex items-start gap-3">
        {may.approve && (
          <input
            type="checkbox"
            className="mt-3 size-4 shrink-0 accent-brand-500"
            checked={isSelected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-label={`Select the draft by ${draft.agent.name}`}
          />
        )}
        <DraftHeader draft={draft} />
      </div>

      <div className="mt-4 space-y-4">
        {mode === 'edit' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
            className="space-y-3"
          >
            <PostTextEditor
              label="Post text"
              text={editText}
              onChange={setEditText}
              platforms={draft.platforms}
              showProblems={triedSave}
              disabled={change.isPending}
              xThreads={draft.x_threads}
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={buttonClasses('primary', 'px-3 py-1.5')} disabled={change.isPending}>
                {change.isPending ? 'Saving…' : 'Save'}
              </button>
              <button
                type="button"
                className={buttonClasses('ghost', 'px-3 py-1.5')}
                onClick={() => {
                  setError(null);
                  setMode('view');
                }}
                disabled={change.isPending}
              >
                Cancel
              </button>
            </div>
          </form>
        )}

        <PlatformPreviews
          platforms={draft.platforms}
          author={author}
          text={shownText}
          platformTexts={draft.platform_texts}
          media={draft.media}
          xThreads={draft.x_threads}
          videoPrivacy={videoPrivacy}
          farcasterChannel={farcasterChannel}
          agentId={draft.agent.id}
          // While the text is edited, the thread shows its automatic split: a new text is split anew when saved.
          threadSplit={
            mode === 'edit'
              ? undefined
              : { chosen: draft.thread_breaks, onChange: splitThread, isSaving: change.isPending }
          }
        />
        <DraftDetails draft={draft} />
        <DraftApprovals draft={draft} />
        {blocked.length > 0 && <BlockedPlatforms blocked={blocked} />}

        {regenerate.isPending && <RegenerateProgress />}
        {regenerate.data &&
          draft.versions.some((version) => version.text === regenerate.data.versions.at(-1)?.text) && (
            <Notice tone="success">A new version is ready below: choose it with “Use this version”.</Notice>
          )}
        {error && <Notice tone="error">{error}</Notice>}

        {draft.versions.length > 0 && mode !== 'edit' && (
          <DraftVersions
            versions={draft.versions}
            disabled={busy}
            onChoose={(version) => {
              setError(null);
              change.mutate({ version }, { onError });
            }}
          />
        )}

        {mode === 'reject' ? (
          <RejectForm
            reason={reason}
            onReasonChange={setReason}
            onReject={rejectDraft}
            onCancel={() => {
              setError(null);
              setMode('view');
            }}
            isRejecting={reject.isPending}
          />
        ) : (
          mode === 'view' && (
            <DraftActions
              busy={busy}
              canRegenerate={draft.versions.length + 1 < MAX_DRAFT_VERSIONS}
              onApprove={may.approve ? () => approveDraft(false) : undefined}
              onPostNow={may.approve && draft.approval !== 'team_then_client' ? () => approveDraft(true) : undefined}
              onEdit={may.compose ? startEdit : undefined}
              onRegenerate={
                may.compose
                  ? () => {
                      setError(null);
                      regenerate.mutate(undefined, { onError });
                    }
                  : undefined
              }
              onReject={
                may.approve
                  ? () => {
                      setError(null);
                      setMode('reject');
                    }
                  : undefined
              }
            />
          )
        )}
        <DraftComments draftId={draft.id} comments={draft.comments} />
      </div>
    </li>
  );
};

/** Said before approving: the platforms this post cannot reach now, why, and the way to connect one. */
const BlockedPlatforms = ({ blocked }: { blocked: { platform: string; problem: PlatformProblem }[] }) => (
  <Notice tone="info">
    <ul className="space-y-1">
      {blocked.map(({ platform, problem }) => (
        <li key={platform}>
          {`Will not go to ${platformName(platform)}: ${problem.text}.`}
          {problem.kind === 'not_connected' && (
            <>
              {' '}
              <Link to={PATHS.agentBuilder} className="font-semibold underline underline-offset-2">
                Connect {platformName(platform)}
              </Link>
            </>
          )}
        </li>
      ))}
    </ul>
  </Notice>
);
