import type { Agent } from '@agentcast/contracts/agents';
import { AGENT_MESSAGES, AGENT_TIMINGS } from '@agentcast/contracts/agents-constants';
import type { TimedNotice } from '../../../components/ui/use-timed-notice.ts';
import { useDeleteAgent } from '../api/delete-agent.ts';

/** Spec §5/§8: delete asks first, then reports success for 3 s or the failure for 5 s. */
export const useAgentDeletion = (show: (tone: TimedNotice['tone'], text: string, ms: number) => void) => {
  const deletion = useDeleteAgent();
  const deleteWithConfirmation = (agent: Agent, onDeleted?: () => void) => {
    if (!window.confirm(AGENT_MESSAGES.confirmDelete)) return;
    deletion.mutate(agent.id, {
      onSuccess: () => {
        show('success', AGENT_MESSAGES.deleted, AGENT_TIMINGS.deleteSuccessBanner);
        onDeleted?.();
      },
      onError: (error) => show('error', AGENT_MESSAGES.deleteFailed(error.message), AGENT_TIMINGS.errorBanner),
    });
  };
  return { deleteWithConfirmation, deletingId: deletion.isPending ? deletion.variables : undefined };
};
