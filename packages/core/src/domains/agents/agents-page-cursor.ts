import { AGENTS_CURSOR_INVALID } from '@agentcast/contracts/agents-page';
import { AppError } from '../../kernel/app-error.ts';

/**
 * Where a page of agents ends: the creation time (to the microsecond, as PostgreSQL keeps it — a JavaScript Date
 * would round it to the millisecond and could skip or repeat an agent) and the id of its last agent.
 */
export type AgentsCursor = { createdAt: string; agentId: string };

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const encodeAgentsCursor = ({ createdAt, agentId }: AgentsCursor) =>
  Buffer.from(`${createdAt}|${agentId}`).toString('base64url');

/** Checked fully here, so that nothing malformed reaches the query (where a bad timestamp or uuid would be a 500). */
export const decodeAgentsCursor = (cursor: string): AgentsCursor => {
  const [createdAt = '', agentId = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  // The date must also exist (no 31 February): it reads back as itself.
  const date = new Date(createdAt);
  const isRealDate =
    CREATED_AT.test(createdAt) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 19) === createdAt.slice(0, 19);
  if (rest.length > 0 || !isRealDate || !UUID.test(agentId))
    throw new AppError('VALIDATION_FAILED', AGENTS_CURSOR_INVALID);
  return { createdAt, agentId };
};
