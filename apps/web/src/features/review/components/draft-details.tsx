import type { Draft } from '@agentcast/contracts/drafts';
import { addressOf } from '@agentcast/contracts/publishing-constants';

const sourceName = (source: Draft['sources'][number]) =>
  source.page ? `${source.name} p. ${source.page}` : source.name;

/** What the draft answers, the knowledge it drew on and the notes its run left. */
export const DraftDetails = ({ draft }: { draft: Draft }) => (
  <div className="space-y-2 text-xs">
    {draft.reply_to && (
      <p className="border-l-2 border-ink-600 pl-3 text-slate-400">
        Replying to {addressOf(draft.reply_to.platform, draft.reply_to.authorUsername)}: {draft.reply_to.text}
      </p>
    )}
    <p className="text-slate-400">
      <span className="font-medium text-slate-300">Knowledge sources: </span>
      {draft.sources.length > 0 ? draft.sources.map(sourceName).join(', ') : 'none used'}
    </p>
    {draft.media.length > 0 && (
      <p className="text-slate-400">
        <span className="font-medium text-slate-300">Media: </span>
        {draft.media.map((item) => item.kind).join(', ')} (shown in the previews)
      </p>
    )}
    {draft.notes.length > 0 && (
      <ul className="space-y-1 text-amber-200">
        {draft.notes.map((note) => (
          <li key={note}>! {note}</li>
        ))}
      </ul>
    )}
  </div>
);
