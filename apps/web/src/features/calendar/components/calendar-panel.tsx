import { useState } from 'react';
import { MAX_PLANNED_ENTRIES, type Calendar } from '@agentcast/contracts/calendar';
import { Notice } from '../../../components/ui/notice.tsx';
import { ToggleGroup } from '../../../components/ui/toggle-group.tsx';
import { useCalendar } from '../api/calendar-query.ts';
import { AgentLegend } from './agent-legend.tsx';
import { CalendarEmptyState } from './calendar-empty-state.tsx';
import { slotInputValue } from '../lib/calendar-slots.ts';
import { dayAndTime, localDayKey, localDays, viewerTimeZone } from '../lib/calendar-time.ts';
import { ListView } from './list-view.tsx';
import { MoveDraftForm } from './move-draft-form.tsx';
import { useCalendarDays } from '../lib/use-calendar-days.ts';
import { useCalendarActions } from '../lib/use-calendar-actions.ts';
import { WeekView } from './week-view.tsx';

type View = 'week' | 'list';
type Period = 'coming' | 'past';

const VIEWS = [
  { key: 'week', label: 'Week' },
  { key: 'list', label: 'List' },
] as const;
const PERIODS = [
  { key: 'coming', label: 'Next 7 days' },
  { key: 'past', label: 'Last 7 days' },
] as const;

/**
 * Issue 15 §4, the Calendar tab: each agent's planned posts for the coming week (what each slot will do), waiting
 * drafts and scheduled posts at their times, and what went out in the last week with its links, in the viewer's
 * time zone; pause or resume an agent, skip a planned post, move a draft.
 */
type CalendarPanelProps = {
  timeZone?: string;
  /** A free hour was chosen: write a post for it (a datetime-local value on the viewer's clock, '2026-11-25T14:00'). */
  onCompose?: (localTime: string) => void;
};

export const CalendarPanel = ({ timeZone = viewerTimeZone(), onCompose }: CalendarPanelProps) => {
  const calendar = useCalendar();
  const [view, setView] = useState<View>('week');
  const [period, setPeriod] = useState<Period>('coming');

  return (
    <section aria-labelledby="calendar-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="calendar-title" className="text-2xl font-bold text-white">
            Calendar
          </h2>
          <p className="mt-1 text-sm text-slate-400" data-testid="calendar-time-zone">
            Times in {timeZone}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ToggleGroup label="Period" options={PERIODS} selected={period} onSelect={setPeriod} />
          <ToggleGroup label="Calendar view" options={VIEWS} selected={view} onSelect={setView} />
        </div>
      </div>
      <div className="mt-6 space-y-4">
        {calendar.isPending && (
          <p role="status" className="py-10 text-center text-slate-400">
            Loading the calendar…
          </p>
        )}
        {calendar.isError && <Notice tone="error">Could not load the calendar: {calendar.error.message}</Notice>}
        {calendar.data && (
          <CalendarContent
            calendar={calendar.data}
            timeZone={timeZone}
            view={view}
            period={period}
            onCompose={onCompose}
          />
        )}
      </div>
    </section>
  );
};

type ContentProps = CalendarPanelProps & { calendar: Calendar; timeZone: string; view: View; period: Period };

const CalendarContent = ({ calendar, timeZone, view, period, onCompose }: ContentProps) => {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const actions = useCalendarActions();
  const { agents: entryAgents, colors, plannedSlots, byDay } = useCalendarDays(calendar, timeZone, hidden, period);
  // The server's "now": days and "today" follow the answer, not the clock, so they change together.
  const now = new Date(calendar.from);
  const today = localDayKey(now, timeZone);

  if (calendar.agents.length === 0)
    return (
      <CalendarEmptyState title="No agents yet">
        Create an agent on the AgentBoard: its planned posts show here.
      </CalendarEmptyState>
    );

  // The last 7 days end with today, whose posts so far belong to both weeks.
  const keys = period === 'coming' ? localDays(now, timeZone, 0, 7) : localDays(now, timeZone, -6, 7);
  const lastKey = keys.at(-1) ?? today;
  // The calendar reaches 7 × 24 h ahead, so the last slots fall on an eighth local day: the list shows it, and
  // the week says it is there.
  const laterKeys = period === 'coming' ? [...byDay.keys()].filter((key) => key > lastKey) : [];
  const days = keys.map((key) => ({ key, entries: byDay.get(key) ?? [] }));
  const laterDays = laterKeys.map((key) => ({ key, entries: byDay.get(key) ?? [] }));
  const laterCount = laterDays.reduce((sum, day) => sum + day.entries.length, 0);
  const isEmpty = days.every((day) => day.entries.length === 0) && laterCount === 0;
  const movingAgent = actions.moving && entryAgents.get(actions.moving.agent_id);

  return (
    <>
      {actions.done && (
        <Notice key={actions.done.key} tone="success" onDismiss={actions.dismissDone}>
          {actions.done.text}
        </Notice>
      )}
      {actions.error && (
        <Notice tone="error" onDismiss={actions.dismissError}>
          {actions.error}
        </Notice>
      )}
      <AgentLegend
        agents={calendar.agents}
        colors={colors}
        plannedSlots={plannedSlots}
        hidden={hidden}
        onToggleShown={(agentId) => setHidden(toggled(hidden, agentId))}
        onPauseChange={actions.setPaused}
        pendingAgent={actions.pendingAgent}
        formatTime={(date) => dayAndTime(date, timeZone)}
      />
      {calendar.truncated && (
        <Notice tone="info">
          More posts are planned than the calendar lists: it shows the first {MAX_PLANNED_ENTRIES}, and the latest ones
          are left out.
        </Notice>
      )}
      {actions.moving && (
        <MoveDraftForm
          key={actions.moving.run_id}
          draft={actions.moving}
          agentName={movingAgent?.name ?? 'Agent'}
          timeZone={timeZone}
          onMove={actions.moveDraft}
          onCancel={actions.cancelMove}
          isMoving={actions.isMoving}
          error={actions.moveError}
        />
      )}
      {isEmpty && (
        <CalendarEmptyState
          title={period === 'coming' ? 'Nothing planned for the next 7 days' : 'Nothing published in the last 7 days'}
        >
          {period === 'coming' &&
            'Paused agents and agents that post only when triggered plan nothing: resume one, or give it a post interval. You can still write a post for any free hour below.'}
        </CalendarEmptyState>
      )}
      {/* The coming week stays even when empty: its free hours are where a post is written. */}
      {isEmpty && period === 'past' ? null : view === 'week' ? (
        <>
          <WeekView
            days={days}
            today={today}
            agents={entryAgents}
            timeZone={timeZone}
            actions={actions.entryActions}
            now={now}
            planning={
              period === 'coming'
                ? { onWrite: (place) => onCompose?.(slotInputValue(place)), moveTo: actions.moveDraftTo }
                : undefined
            }
          />
          {laterCount > 0 && (
            <p className="text-xs text-slate-400">
              {laterCount} more {laterCount === 1 ? 'entry' : 'entries'} after these 7 days: see the List view.
            </p>
          )}
        </>
      ) : (
        <ListView
          days={[...days, ...laterDays]}
          today={today}
          agents={entryAgents}
          timeZone={timeZone}
          actions={actions.entryActions}
        />
      )}
    </>
  );
};

const toggled = (set: ReadonlySet<string>, key: string) => {
  const next = new Set(set);
  if (!next.delete(key)) next.add(key);
  return next;
};
