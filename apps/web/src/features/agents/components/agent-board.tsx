import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { buttonClasses } from '../../../components/ui/button-classes.ts';
import { useTimedNotice } from '../../../components/ui/use-timed-notice.ts';
import { useAgents } from '../api/agents-query.ts';
import { useNextPosts } from '../api/schedules-query.ts';
import { AgentRow } from './agent-row.tsx';
import { AgentsListState } from './agents-list-state.tsx';
import { useAgentDeletion } from './use-agent-deletion.ts';
import { useAgentPausing } from './use-agent-pausing.ts';
import { useAgentTrigger } from './use-agent-trigger.ts';

/** onTriggered: a run ended (it took from the day's quota, or was refused by it). */
type AgentBoardProps = { onCreate: () => void; onEdit: (agentId: string) => void; onTriggered?: () => void };

/** Spec §2, AgentBoard: the user's agents with their actions, or the way to create the first one. */
export const AgentBoard = ({ onCreate, onEdit, onTriggered }: AgentBoardProps) => {
  const agents = useAgents();
  const nextPostOf = useNextPosts();
  const timedNotice = useTimedNotice();
  const { deleteWithConfirmation, deletingId } = useAgentDeletion(timedNotice.show);
  const { triggerNow, isTriggering, progressOf } = useAgentTrigger(timedNotice.show, onTriggered);
  const { togglePaused, pausingId } = useAgentPausing(timedNotice.show);

  return (
    <section aria-labelledby="agent-board-title">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="agent-board-title" className="text-2xl font-bold text-white">
          My AI Agents
        </h2>
        <button type="button" className={buttonClasses('primary')} onClick={onCreate}>
          + Create New Agent
        </button>
      </div>
      <div className="mt-6 space-y-4">
        <AgentsListState agents={agents} timedNotice={timedNotice} />
        {agents.data?.length === 0 && (
          <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-200">{AGENT_MESSAGES.emptyBoard}</p>
            <button type="button" className={buttonClasses('primary', 'mt-5')} onClick={onCreate}>
              Create Your First Agent
            </button>
          </div>
        )}
        {agents.data && agents.data.length > 0 && (
          <ul className="space-y-3" aria-label="Agents">
            {agents.data.map((agent) => (
              <AgentRow
                key={agent.id}
                agent={agent}
                nextPost={nextPostOf(agent.id)}
                onTrigger={() => void triggerNow(agent.id)}
                isTriggering={isTriggering(agent.id)}
                progress={progressOf(agent.id)}
                onEdit={() => onEdit(agent.id)}
                onDelete={() => deleteWithConfirmation(agent)}
                isDeleting={deletingId === agent.id}
                pausing={{ onToggle: () => togglePaused(agent), isPending: pausingId === agent.id }}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
};
