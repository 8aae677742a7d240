/**
 * When an agent next acts on its own (GET /api/schedules): `post` every post interval while posting is enabled,
 * `chat` when it next looks on X for posts to answer. An agent without either has no entry.
 */
export type AgentSchedule = { agent_id: string; kind: 'post' | 'chat'; next_run_at: string };
