import { useState } from 'react';
import { AGENT_MESSAGES, AGENT_TIMINGS } from '@agentcast/contracts/agents';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { useFocusOnShow } from '../../../lib/ui/use-focus-on-show.ts';
import { useTimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useAgents } from '../api/agents-query.ts';
import { useNextPosts } from '../api/schedules-query.ts';
import { AgentForm } from './agent-form.tsx';
import { AgentPauseControl } from './agent-pause-control.tsx';
import { AgentRow } from './agent-row.tsx';
import { AgentsListState } from './agents-list-state.tsx';
import { BackButton } from './back-button.tsx';
import { EditAgentLayout } from './edit-agent-layout.tsx';
import { EDIT_AGENT_SECTIONS } from '../lib/agent-form-sections.ts';
import { useAgentDeletion } from '../lib/use-agent-deletion.ts';
import { useAgentPausing } from '../lib/use-agent-pausing.ts';
import { useAgentTrigger } from '../lib/use-agent-trigger.ts';

type ManagedAgentsScreenProps = {
  /** The agent whose edit form is open. */
  selectedId?: string;
  onSelect: (agentId: string | undefined) => void;
  onDone: () => void;
};

/** Spec §2, Managed Agents: the user's agents, and the edit form of the one chosen. */
export const ManagedAgentsScreen = ({ selectedId, onSelect, onDone }: ManagedAgentsScreenProps) => {
  const agents = useAgents();
  const nextPostOf = useNextPosts();
  const timedNotice = useTimedNotice();
  const { askToDelete, dialog, deletingId } = useAgentDeletion(timedNotice.show, {
    fallbackFocusId: 'managed-agents-title',
  });
  const { triggerNow, isTriggering, progressOf, outcomeOf } = useAgentTrigger(timedNotice.show);
  const { togglePaused, pausingId } = useAgentPausing(timedNotice.show);
  // The form starts afresh after each save, not when Pause or a connection touches the agent: typing stays.
  const [saves, setSaves] = useState(0);
  const selected = agents.data?.find((agent) => agent.id === selectedId);
  // Focus follows what was opened: the screen's title, then the edit form of the agent chosen.
  const titleRef = useFocusOnShow<HTMLHeadingElement>({ scrollToStart: true });
  const editTitleRef = useFocusOnShow<HTMLHeadingElement>({
    when: selected !== undefined,
    key: selected?.id,
    scrollToStart: true,
  });

  return (
    <section aria-labelledby="managed-agents-title" className="space-y-6">
      <BackButton onClick={onDone} />
      <h2
        id="managed-agents-title"
        ref={titleRef}
        tabIndex={-1}
        className="text-2xl font-bold text-white focus:outline-none"
      >
        Managed Agents
      </h2>
      {/* Saved, deleted and failure banners float in view: the edit form runs far below the list. */}
      <AgentsListState agents={agents} timedNotice={timedNotice} isFloating />
      {agents.data?.length === 0 && <p className="text-slate-300">{AGENT_MESSAGES.emptyManage}</p>}
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
              outcome={outcomeOf(agent.id)}
              onEdit={() => onSelect(agent.id)}
              onDelete={() => askToDelete(agent, () => agent.id === selectedId && onSelect(undefined))}
              isDeleting={deletingId === agent.id}
              pausing={{ onToggle: () => togglePaused(agent), isPending: pausingId === agent.id }}
            />
          ))}
        </ul>
      )}
      {selected && (
        <div className="border-t border-ink-700 pt-6">
          <h3 ref={editTitleRef} tabIndex={-1} className="mb-4 text-xl font-semibold text-white focus:outline-none">
            Edit “{selected.name}”
          </h3>
          <AgentPauseControl
            agent={selected}
            onToggle={() => togglePaused(selected)}
            isPending={pausingId === selected.id}
          />
          <AgentForm
            key={`${selected.id}-${saves}`}
            agent={selected}
            submitLabel="Save Changes"
            sections={EDIT_AGENT_SECTIONS}
            layout={(parts) => <EditAgentLayout {...parts} />}
            describeError={AGENT_MESSAGES.updateFailed}
            onSaved={() => {
              setSaves((count) => count + 1);
              timedNotice.show('success', AGENT_MESSAGES.updated, AGENT_TIMINGS.updateSuccessBanner);
            }}
          />
        </div>
      )}
      {dialog && <ConfirmDialog {...dialog} />}
    </section>
  );
};
