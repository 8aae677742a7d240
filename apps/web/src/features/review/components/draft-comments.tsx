import type { Draft } from '@agentcast/contracts/drafts';
import { commentParts } from '../lib/comment-parts.ts';
import { describePlannedTime } from '../lib/planned-time.ts';
import { CommentForm } from './comment-form.tsx';

type Comment = Draft['comments'][number];

/** A client's "Request changes" stands out (amber); the members' own comments do not. */
const commentClasses = (comment: Comment) =>
  comment.changes_requested
    ? {
        item: 'border-amber-700/60 bg-amber-950/30 text-amber-100',
        meta: 'text-amber-200/80',
        mention: 'text-amber-50',
      }
    : { item: 'border-ink-700 bg-ink-900/60 text-slate-200', meta: 'text-slate-400', mention: 'text-white' };

/**
 * What was said about a draft, oldest first — the members' comments (issue 36 §5) and a client's "Request changes"
 * with their comment (§4) — with the members each mentions in bold, and the field to add one: the card's
 * conversation, set off below its actions.
 */
export const DraftComments = ({ draftId, comments }: { draftId: string; comments: Draft['comments'] }) => (
  <div className="space-y-3 border-t border-ink-700 pt-4">
    {comments.length > 0 && (
      <ul aria-label="Comments" className="space-y-2">
        {comments.map((comment, index) => {
          const classes = commentClasses(comment);
          return (
            <li key={`${comment.at}-${index}`} className={`rounded-lg border px-3 py-2 text-sm ${classes.item}`}>
              <span className={`block text-xs ${classes.meta}`}>
                {comment.changes_requested ? `${comment.by} asked for changes` : comment.by},{' '}
                {describePlannedTime(comment.at).when}
              </span>
              <span className="[overflow-wrap:anywhere] whitespace-pre-line">
                {commentParts(comment.body, comment.mentions).map((part, partIndex) =>
                  part.isMention ? (
                    <strong key={partIndex} className={`font-semibold ${classes.mention}`}>
                      {part.text}
                    </strong>
                  ) : (
                    part.text
                  ),
                )}
              </span>
            </li>
          );
        })}
      </ul>
    )}
    <CommentForm draftId={draftId} />
  </div>
);
