import { useState } from 'react';
import type { CalendarAgent } from '@agentcast/contracts/calendar';
import { ApiError } from '../../../api/api-error.ts';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useMoveDraft } from '../api/move-draft.ts';
import { useSetAgentPaused } from '../api/pause-agent.ts';
import { useSetSlotSkipped } from '../api/skip-slot.ts';
import type { CalendarActions, DraftEntry, PlannedEntry } from './calendar-actions.ts';

/** A confirmation is read and gone; a refusal stays until dismissed or the next try. */
const DONE_NOTICE_MS = 4000;

const messageOf = (error: Error, field?: string) =>
  (error instanceof ApiError && field ? error.fieldErrors[field]?.[0] : undefined) ?? error.message;

/**
 * The Calendar's changes and what they leave to say: the draft being moved, the last refusal in the server's words,
 * and what just happened.
 */
export const useCalendarActions = () => {
  const skip = useSetSlotSkipped();
  const pause = useSetAgentPaused();
  const move = useMoveDraft();
  const [moving, setMoving] = useState<DraftEntry>();
  const [error, setError] = useState<string>();
  const done = useTimedNotice();
  const setDone = (text: string) => done.show('success', text, DONE_NOTICE_MS);

  const entryActions: CalendarActions = {
    onSkip: (entry: PlannedEntry, skipped: boolean) => {
      setError(undefined);
      skip.mutate(
        { agentId: entry.agent_id, slotAt: entry.slot_at, skipped },
        {
          onSuccess: () => setDone(skipped ? 'Post skipped.' : 'Post planned again.'),
          onError: (failure) =>
            setError(`Could not ${skipped ? 'skip' : 'plan again'} the post: ${messageOf(failure)}`),
        },
      );
    },
    pendingSlot: skip.isPending && skip.variables ? `${skip.variables.agentId} ${skip.variables.slotAt}` : undefined,
    onMove: (entry: DraftEntry) => {
      move.reset();
      setMoving(entry);
    },
  };

  const setPaused = (agent: CalendarAgent, paused: boolean) => {
    setError(undefined);
    pause.mutate(
      { agentId: agent.agent_id, paused },
      {
        onSuccess: () => setDone(`${agent.name} ${paused ? 'is paused' : 'is resumed'}.`),
        onError: (failure) => setError(`Could not ${paused ? 'pause' : 'resume'} ${agent.name}: ${messageOf(failure)}`),
      },
    );
  };

  const moveDraft = (publishAt: Date) => {
    if (!moving) return;
    move.mutate(
      { runId: moving.run_id, publishAt },
      {
        onSuccess: () => {
          setMoving(undefined);
          setDone('Draft moved.');
        },
      },
    );
  };

  /** A draft dragged or moved with the keys to a new time: no form, the outcome said in the notices. */
  const moveDraftTo = (entry: DraftEntry, publishAt: Date, onMoved: () => void) => {
    setError(undefined);
    move.mutate(
      { runId: entry.run_id, publishAt },
      {
        onSuccess: onMoved,
        onError: (failure) => setError(`Could not move the draft: ${messageOf(failure, 'publish_at')}`),
      },
    );
  };

  return {
    entryActions,
    moveDraftTo,
    setPaused,
    pendingAgent: pause.isPending ? pause.variables?.agentId : undefined,
    moving,
    moveDraft,
    cancelMove: () => setMoving(undefined),
    isMoving: move.isPending,
    moveError: move.error ? messageOf(move.error, 'publish_at') : undefined,
    error,
    dismissError: () => setError(undefined),
    done: done.notice,
    dismissDone: done.clear,
  };
};
