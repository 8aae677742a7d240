import { useEffect, useState } from 'react';
import { AGENT_MESSAGES, AGENT_TIMINGS, newAgentClients, type Client } from '@agentcast/contracts/agents';
import { useConnections } from '../../../api/connections.ts';
import { Notice } from '../../../components/ui/notice.tsx';
import { ToastRegion } from '../../../components/ui/toast-region.tsx';
import { useFocusOnShow } from '../../../lib/ui/use-focus-on-show.ts';
import { AgentForm } from './agent-form.tsx';
import { BackButton } from './back-button.tsx';
import { CreateAgentLayout } from './create-agent-layout.tsx';
import { CREATE_AGENT_SECTIONS } from '../lib/agent-form-sections.ts';

/**
 * Spec §2/§4, Create Agent: on success, the confirmation, then back to the dashboard after 2 s. `defaultClients`:
 * the platforms the Agent Builder launched it with; else spec §9's terminal and x where this server has X set up,
 * the terminal alone where it has not (issue 41 §5), which the form waits to know. The confirmation shows at the top
 * of the viewport: the person clicked Create Agent at the bottom of a long form.
 */
export const CreateAgentScreen = ({ onDone, defaultClients }: { onDone: () => void; defaultClients?: Client[] }) => {
  const [createdName, setCreatedName] = useState<string>();
  // Keyboard users land on the form they opened, not on the button that opened it (gone with the board).
  const titleRef = useFocusOnShow<HTMLHeadingElement>({ scrollToStart: true });
  const connections = useConnections();
  // Unknown (the list failed): the spec's defaults, and the form's notes stay out.
  const isXConfigured = connections.data?.platforms.find((entry) => entry.platform === 'x')?.configured ?? true;

  useEffect(() => {
    if (createdName === undefined) return;
    const timer = setTimeout(onDone, AGENT_TIMINGS.createRedirect);
    return () => clearTimeout(timer);
  }, [createdName, onDone]);

  return (
    <section aria-labelledby="create-agent-title" className="space-y-6">
      <BackButton onClick={onDone} />
      <h2
        id="create-agent-title"
        ref={titleRef}
        tabIndex={-1}
        className="text-2xl font-bold text-white focus:outline-none"
      >
        Create Agent
      </h2>
      <ToastRegion>
        {createdName !== undefined && (
          <Notice tone="success" takesFocus>
            {AGENT_MESSAGES.created(createdName)}
          </Notice>
        )}
      </ToastRegion>
      {connections.isPending ? (
        <p role="status" className="py-10 text-center text-sm text-slate-400">
          Loading…
        </p>
      ) : (
        <AgentForm
          submitLabel="Create Agent"
          sections={CREATE_AGENT_SECTIONS}
          layout={(parts) => <CreateAgentLayout {...parts} />}
          isLocked={createdName !== undefined}
          onSaved={(agent) => setCreatedName(agent.name)}
          defaultClients={defaultClients ?? newAgentClients(isXConfigured)}
        />
      )}
    </section>
  );
};
