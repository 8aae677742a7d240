import type { CalendarEntry } from '@agentcast/contracts/calendar';
import { MORE_POSTS_HELP } from '@agentcast/contracts/quota-messages';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import type { CalendarActions, EntryAgent } from '../lib/calendar-actions.ts';
import { dayAndTime, timeOfDay } from '../lib/calendar-time.ts';
import { describeEntry, isSkippedOutcome, pastState, type PastState } from '../lib/describe-entry.ts';
import { PublishedLinks } from './published-links.tsx';

/**
 * The shape says what kind of thing an entry is, so it reads without colour: a plan has a dashed outline (nothing
 * exists yet), a draft an amber fill, a scheduled post a solid outline, a published one a green fill; the left edge
 * is the agent's colour. A slot that will not post is faded.
 */
const frameOf = (entry: CalendarEntry) => {
  switch (entry.kind) {
    case 'planned':
      return `border-dashed border-ink-600 bg-ink-900 ${isSkippedOutcome(entry.outcome) ? 'opacity-60' : ''}`;
    case 'draft':
      return 'border-amber-500/40 bg-amber-500/10';
    case 'scheduled':
      return 'border-slate-500 bg-ink-800';
    case 'published':
      return PAST_FRAMES[pastState(entry.links)];
  }
};

const PAST_FRAMES: Record<PastState, string> = {
  published: 'border-emerald-500/30 bg-emerald-500/10',
  going_out: 'border-slate-500 bg-ink-800',
  unknown: 'border-amber-500/40 bg-amber-500/10',
  not_posted: 'border-red-500/40 bg-red-500/10',
  terminal_only: 'border-slate-500 bg-ink-800',
};

const MARK = { planned: '◌', draft: '✎', scheduled: '◷' } as const;
const PAST_MARKS: Record<PastState, string> = {
  published: '✓',
  going_out: '◷',
  unknown: '?',
  not_posted: '✗',
  terminal_only: '▣',
};
const markOf = (entry: CalendarEntry) =>
  entry.kind === 'published' ? PAST_MARKS[pastState(entry.links)] : MARK[entry.kind];

// Top left under the text in a narrow column; at the right, level with the text, in the list.
const SMALL_BUTTON = buttonClasses('secondary', 'shrink-0 self-start px-2.5 py-1 text-xs sm:self-auto');
const SMALL_BUTTON_COMPACT = buttonClasses('secondary', 'shrink-0 self-start px-2.5 py-1 text-xs');

type EntryCardProps = {
  entry: CalendarEntry;
  agent: EntryAgent;
  timeZone: string;
  actions: CalendarActions;
  /** The week view's narrow columns: the text is cut shorter. */
  compact?: boolean;
};

/** One entry of the calendar with what can be done to it: skip or plan again a slot, move a draft. */
export const CalendarEntryCard = ({ entry, agent, timeZone, actions, compact = false }: EntryCardProps) => {
  const at = new Date(entry.at);
  const label = describeEntry(entry);
  const when = dayAndTime(at, timeZone);
  const text = entry.kind === 'planned' ? undefined : entry.text;
  const moves = entry.kind === 'draft' ? actions.moves : undefined;
  const isPicking = moves !== undefined && moves.pendingRunId === (entry.kind === 'draft' ? entry.run_id : '');
  return (
    <li
      className={`flex gap-2 rounded-lg border border-l-4 px-3 py-2 text-sm ${frameOf(entry)} ${agent.edge} ${
        compact ? 'flex-col' : 'flex-col sm:flex-row sm:items-center sm:justify-between sm:gap-4'
      } ${moves ? 'cursor-grab active:cursor-grabbing' : ''} ${isPicking ? 'opacity-60' : ''}`}
      aria-label={`${agent.name}: ${label}, ${when}`}
      // A waiting draft is dragged to another hour of the week (the keyboard's way is on its Move button).
      draggable={moves ? true : undefined}
      onDragStart={
        moves && entry.kind === 'draft'
          ? (event) => {
              event.dataTransfer.setData('text/plain', entry.run_id);
              event.dataTransfer.effectAllowed = 'move';
              moves.onDragStart(entry);
            }
          : undefined
      }
      onDragEnd={moves?.onDragEnd}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <time dateTime={entry.at} className="font-mono text-xs font-semibold text-slate-100">
            {timeOfDay(at, timeZone)}
          </time>
          <span className="min-w-0 truncate text-xs font-semibold text-slate-300">{agent.name}</span>
        </div>
        <p className="mt-1 text-xs text-slate-200">
          <span aria-hidden="true" className="mr-1 text-slate-400">
            {markOf(entry)}
          </span>
          {label}
        </p>
        {entry.kind === 'planned' && entry.outcome === 'over_quota' && (
          <p className="mt-1 text-xs text-slate-300">{MORE_POSTS_HELP}</p>
        )}
        {text && (
          <p className={`mt-1 text-xs break-words text-slate-400 ${compact ? 'line-clamp-3' : 'line-clamp-2'}`}>
            {text}
          </p>
        )}
        {entry.kind === 'published' && (
          <div className="mt-1.5">
            <PublishedLinks links={entry.links} messageId={entry.message_id} timeZone={timeZone} />
          </div>
        )}
      </div>
      <EntryButtons entry={entry} agentName={agent.name} when={when} actions={actions} compact={compact} />
    </li>
  );
};

const EntryButtons = ({
  entry,
  agentName,
  when,
  actions,
  compact,
}: {
  entry: CalendarEntry;
  agentName: string;
  when: string;
  actions: CalendarActions;
  compact: boolean;
}) => {
  if (entry.kind === 'draft')
    return (
      <button
        type="button"
        className={compact ? SMALL_BUTTON_COMPACT : SMALL_BUTTON}
        onClick={() => actions.onMove(entry)}
        onKeyDown={actions.moves && ((event) => actions.moves?.onMoveKey(entry, event))}
        aria-label={`Move ${agentName}’s draft of ${when}`}
        aria-describedby={actions.moves?.hintId}
        data-move-draft={entry.run_id}
      >
        Move
      </button>
    );
  if (entry.kind !== 'planned') return null;
  // Slots over the quota or past the drafts cap pass anyway: there is nothing to skip or plan again.
  if (entry.outcome !== 'post' && entry.outcome !== 'draft' && entry.outcome !== 'skipped') return null;
  const skipped = entry.outcome === 'skipped';
  const pending = actions.pendingSlot === `${entry.agent_id} ${entry.slot_at}`;
  return (
    <button
      type="button"
      className={compact ? SMALL_BUTTON_COMPACT : SMALL_BUTTON}
      onClick={() => actions.onSkip(entry, !skipped)}
      disabled={pending}
      aria-label={`${skipped ? 'Undo skip of' : 'Skip'} ${agentName}’s post at ${when}`}
    >
      {skipped ? 'Undo skip' : 'Skip'}
    </button>
  );
};
