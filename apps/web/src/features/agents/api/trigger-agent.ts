import { useMutation } from '@tanstack/react-query';
import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { callApi } from '../../../api/call-api.ts';

/** Spec §7: POST …/trigger with the fixed instruction (the server's default); answers with what the run produced. */
export const triggerAgent = (agentId: string) => callApi(agentsRoutes.trigger, { params: { id: agentId }, json: {} });

/** Spec §4: the latest terminal message of the agent (limit 1), read after a trigger. */
export const getLatestTerminalMessage = async (agentId: string) =>
  (await callApi(terminalRoutes.page, { query: { agent_id: agentId, limit: 1 } })).messages[0] ?? null;

export const useTriggerAgent = () => useMutation({ mutationFn: triggerAgent });
