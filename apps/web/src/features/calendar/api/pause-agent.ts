import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { callApi } from '../../../api/call-api.ts';
import { useCalendarChange } from './use-calendar-change.ts';

/** Pause (nothing posts or answers until resumed) or resume an agent (its next post is one interval from now). */
export const setAgentPaused = ({ agentId, paused }: { agentId: string; paused: boolean }) =>
  callApi(paused ? agentsRoutes.pause : agentsRoutes.resume, { params: { id: agentId } });

export const useSetAgentPaused = () => useCalendarChange(setAgentPaused);
