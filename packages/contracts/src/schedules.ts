import { z } from 'zod';

/**
 * When an agent next acts on its own (GET /api/schedules): `post` every post interval while posting is enabled,
 * `chat` when it next looks on X for posts to answer. An agent without either has no entry.
 */
export const agentScheduleSchema = z.object({
  agent_id: z.string(),
  kind: z.enum(['post', 'chat']),
  next_run_at: z.string(),
});
export type AgentSchedule = z.infer<typeof agentScheduleSchema>;
