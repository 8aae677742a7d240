import type { Agent } from '@agentcast/contracts/agents';
import { AGENT_TIMINGS } from '@agentcast/contracts/agents-constants';
import type { TimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useSetAgentPaused } from '../api/pause-agent.ts';

/** Not given by the spec: worded like its other failures ("Failed to delete agent: …"). */
const pauseFailed = (paused: boolean, message: string) => `Failed to ${paused ? 'pause' : 'resume'} agent: ${message}`;

/** The AgentBoard's Pause / Resume: the row's new state is the banner enough; a failure shows for 5 s. */
export const useAgentPausing = (show: (tone: TimedNotice['tone'], text: string, ms: number) => void) => {
  const setPaused = useSetAgentPaused();
  const togglePaused = (agent: Agent) =>
    setPaused.mutate(
      { agentId: agent.id, paused: !agent.paused },
      { onError: (error) => show('error', pauseFailed(!agent.paused, error.message), AGENT_TIMINGS.errorBanner) },
    );
  return { togglePaused, pausingId: setPaused.isPending ? setPaused.variables.agentId : undefined };
};
