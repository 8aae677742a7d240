import { useState } from 'react';
import type { Agent } from '@agentcast/contracts/agents';
import { AGENT_MESSAGES, AGENT_TIMINGS } from '@agentcast/contracts/agents-constants';
import type { TimedNotice } from '../../../lib/ui/use-timed-notice.ts';
import { useDeleteAgent } from '../api/delete-agent.ts';

type Asking = { agent: Agent; onDeleted?: () => void };

/**
 * Spec §5/§8: delete asks first — the spec's question, in a dialog of the page naming the agent (issue 41 §6) —
 * then reports success for 3 s or the failure for 5 s. `dialog` is what ConfirmDialog shows while asking.
 */
export const useAgentDeletion = (
  show: (tone: TimedNotice['tone'], text: string, ms: number) => void,
  { fallbackFocusId }: { fallbackFocusId?: string } = {},
) => {
  const deletion = useDeleteAgent();
  const [asking, setAsking] = useState<Asking>();

  const confirm = ({ agent, onDeleted }: Asking) =>
    deletion.mutate(agent.id, {
      onSuccess: () => {
        // The agent's row, whose Delete opened the dialog, is going: focus goes to the list instead.
        if (fallbackFocusId) document.getElementById(fallbackFocusId)?.focus();
        setAsking(undefined);
        show('success', AGENT_MESSAGES.deleted, AGENT_TIMINGS.deleteSuccessBanner);
        onDeleted?.();
      },
      onError: (error) => {
        setAsking(undefined);
        show('error', AGENT_MESSAGES.deleteFailed(error.message), AGENT_TIMINGS.errorBanner);
      },
    });

  const dialog = asking && {
    title: AGENT_MESSAGES.deleteTitle(asking.agent.name || AGENT_MESSAGES.unnamed),
    question: AGENT_MESSAGES.confirmDelete,
    confirmLabel: 'Delete',
    pendingLabel: 'Deleting...',
    isPending: deletion.isPending,
    onConfirm: () => confirm(asking),
    onCancel: () => setAsking(undefined),
    fallbackFocusId,
  };

  return {
    askToDelete: (agent: Agent, onDeleted?: () => void) => setAsking({ agent, onDeleted }),
    dialog,
    deletingId: deletion.isPending ? deletion.variables : undefined,
  };
};
