import { useCallback, useDeferredValue, useMemo } from 'react';
import { AGENT_MESSAGES } from '@agentcast/contracts/agents-constants';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useFocusOnShow } from '../../../lib/ui/use-focus-on-show.ts';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useAgentPages } from '../api/agents-query.ts';
import { useNextPosts } from '../api/schedules-query.ts';
import { AgentRow } from './agent-row.tsx';
import { AgentsListState } from './agents-list-state.tsx';
import { LoadMoreSentinel } from './load-more-sentinel.tsx';
import { useAgentDeletion } from '../lib/use-agent-deletion.ts';
import { useAgentPausing } from '../lib/use-agent-pausing.ts';
import { useAgentTrigger } from '../lib/use-agent-trigger.ts';

/** Rows drawn at once when the agents first arrive (more than a screenful); the rest follow without blocking. */
const FIRST_ROWS = 8;

/**
 * onTriggered: a run ended (it took from the day's quota, or was refused by it). takesFocus: the person came back
 * from the create or edit form (its controls are gone), so the board's title takes focus; not on a fresh page load,
 * where the skip link stays the first stop.
 */
type AgentBoardProps = {
  onCreate: () => void;
  onEdit: (agentId: string) => void;
  onTriggered?: () => void;
  takesFocus?: boolean;
};

/**
 * Spec §2, AgentBoard: the user's agents with their actions, or the way to create the first one. The first 50 are
 * read and drawn at once; the next page is read as the list nears its end (issue 19: 100 rows drawn at once kept a
 * phone's main thread busy for 330 ms). Rows off screen are not laid out or painted until scrolled to
 * (content-visibility), at the height a row usually has, so the scrollbar does not jump.
 */
export const AgentBoard = ({ onCreate, onEdit, onTriggered, takesFocus = false }: AgentBoardProps) => {
  const titleRef = useFocusOnShow<HTMLHeadingElement>({ when: takesFocus });
  const pages = useAgentPages();
  const loaded = useMemo(() => pages.data?.pages.flatMap((page) => page.agents), [pages.data]);
  // The whole page is drawn in a deferred render, which React splits into short slices between which the browser
  // stays responsive (one render of 50 rows was a long task on a phone); until then, the first screenful.
  const deferred = useDeferredValue(loaded);
  const agents = deferred ?? loaded?.slice(0, FIRST_ROWS);
  const { fetchNextPage } = pages;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const nextPostOf = useNextPosts();
  const timedNotice = useTimedNotice();
  const { askToDelete, dialog, deletingId } = useAgentDeletion(timedNotice.show, {
    fallbackFocusId: 'agent-board-title',
  });
  const { triggerNow, isTriggering, progressOf, outcomeOf } = useAgentTrigger(timedNotice.show, onTriggered);
  const { togglePaused, pausingId } = useAgentPausing(timedNotice.show);

  return (
    <section aria-labelledby="agent-board-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2
          id="agent-board-title"
          ref={titleRef}
          tabIndex={-1}
          className="text-2xl font-bold text-white focus:outline-none"
        >
          My AI Agents
        </h2>
        <button type="button" className={buttonClasses('primary')} onClick={onCreate}>
          + Create New Agent
        </button>
      </div>
      <div className="mt-6 space-y-4">
        {/* A next page that failed says so at the end of the list, not above it. */}
        <AgentsListState
          agents={{
            isPending: pages.isPending,
            isError: pages.isError && !pages.isFetchNextPageError,
            error: pages.error,
          }}
          timedNotice={timedNotice}
        />
        {agents?.length === 0 && (
          <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-200">{AGENT_MESSAGES.emptyBoard}</p>
            <button type="button" className={buttonClasses('primary', 'mt-5')} onClick={onCreate}>
              Create Your First Agent
            </button>
          </div>
        )}
        {agents && agents.length > 0 && (
          <ul className="space-y-3" aria-label="Agents">
            {agents.map((agent) => (
              <AgentRow
                key={agent.id}
                isDeferredOffscreen
                agent={agent}
                nextPost={nextPostOf(agent.id)}
                onTrigger={() => void triggerNow(agent.id)}
                isTriggering={isTriggering(agent.id)}
                progress={progressOf(agent.id)}
                outcome={outcomeOf(agent.id)}
                onEdit={() => onEdit(agent.id)}
                onDelete={() => askToDelete(agent)}
                isDeleting={deletingId === agent.id}
                pausing={{ onToggle: () => togglePaused(agent), isPending: pausingId === agent.id }}
              />
            ))}
          </ul>
        )}
        {pages.hasNextPage && deferred && (
          <LoadMoreSentinel
            onLoadMore={loadMore}
            isLoading={pages.isFetchingNextPage}
            error={pages.isFetchNextPageError && !pages.isFetchingNextPage ? pages.error : null}
          />
        )}
      </div>
      {dialog && <ConfirmDialog {...dialog} />}
    </section>
  );
};
