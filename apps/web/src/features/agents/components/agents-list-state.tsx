import { AGENT_MESSAGES } from '@agentcast/contracts/agents';
import { Notice } from '../../../components/ui/notice.tsx';
import type { useTimedNotice } from '../../../components/ui/use-timed-notice.ts';
import type { useAgents } from '../api/agents-query.ts';

type AgentsListStateProps = {
  agents: ReturnType<typeof useAgents>;
  timedNotice: ReturnType<typeof useTimedNotice>;
};

/** What shows above a list of agents: the current banner, the loading text, or why the list could not load. */
export const AgentsListState = ({ agents, timedNotice: { notice, clear } }: AgentsListStateProps) => (
  <>
    {notice && (
      <Notice key={notice.key} tone={notice.tone} onDismiss={clear}>
        {notice.text}
      </Notice>
    )}
    {agents.isPending && (
      <p role="status" className="py-10 text-center text-slate-400">
        {AGENT_MESSAGES.loading}
      </p>
    )}
    {agents.isError && <Notice tone="error">{AGENT_MESSAGES.fetchFailed(agents.error.message)}</Notice>}
  </>
);
