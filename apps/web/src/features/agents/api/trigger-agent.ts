import { useMutation } from '@tanstack/react-query';
import type { TerminalMessage, TerminalPage } from '@agentcast/contracts/terminal';
import { apiRequest } from '../../../lib/api-client.ts';

/** Spec §7: POST …/trigger with the fixed instruction (the server's default); answers with what the run produced. */
export const triggerAgent = (agentId: string) =>
  apiRequest<{ data: TerminalMessage }>(`/api/agents/${agentId}/trigger`, { method: 'POST', body: {} });

/** Spec §4: the latest terminal message of the agent (limit 1), read after a trigger. */
export const getLatestTerminalMessage = async (agentId: string) =>
  (await apiRequest<TerminalPage>(`/api/terminal?agent_id=${encodeURIComponent(agentId)}&limit=1`)).messages[0] ?? null;

export const useTriggerAgent = () => useMutation({ mutationFn: triggerAgent });
