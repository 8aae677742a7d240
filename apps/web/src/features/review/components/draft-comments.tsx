import type { Draft } from '@agentcast/contracts/drafts';
import { describePlannedTime } from '../lib/planned-time.ts';

/** What was said about a draft, oldest first: a client's "Request changes" with their comment (issue 36 §4). */
export const DraftComments = ({ comments }: { comments: Draft['comments'] }) =>
  comments.length === 0 ? null : (
    <ul aria-label="Comments" className="space-y-2">
      {comments.map((comment) => (
        <li
          key={`${comment.at}-${comment.by}`}
          className="rounded-lg border border-amber-700/60 bg-amber-950/30 px-3 py-2 text-sm text-amber-100"
        >
          <span className="block text-xs text-amber-200/80">
            {comment.changes_requested ? `${comment.by} asked for changes` : comment.by},{' '}
            {describePlannedTime(comment.at).when}
          </span>
          <span className="[overflow-wrap:anywhere] whitespace-pre-line">{comment.body}</span>
        </li>
      ))}
    </ul>
  );
