import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { TERMINAL_PAGE_SIZE } from '@agentcast/contracts/terminal';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { findOwnedAgentRow } from '@agentcast/core/agents/find-owned-agent-row';
import { AppError } from '@agentcast/core/errors/app-error';
import type { EventBus } from '@agentcast/core/events/event-bus';
import { decideMembership } from '@agentcast/core/membership/decide-membership';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import { findTerminalMessages } from '@agentcast/core/terminal/find-terminal-messages';
import { getTerminalMessage } from '@agentcast/core/terminal/get-terminal-message';
import type { Database } from '@agentcast/db/client';
import type { AppEnv } from '../app-env.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

/** Proxies drop idle connections; a comment line now and then keeps the stream open. */
const HEARTBEAT_MS = 25_000;

const pageQuerySchema = z.object({
  agent_id: z.string({ error: 'Choose an agent (agent_id)' }).min(1, 'Choose an agent (agent_id)'),
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(TERMINAL_PAGE_SIZE),
});

const parseQuery = <T extends z.ZodType>(schema: T, query: Record<string, string>): z.output<T> => {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const fieldErrors = toFieldErrors(parsed.error);
  throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
};

type TerminalRoutesOptions = { session: SessionCheck; membership: MembershipServices; db: Database; events: EventBus; shutdownSignal: AbortSignal };

/**
 * /api/terminal: an agent's messages a page at a time, and /stream, which pushes each new message of the user's
 * agents (optionally one agent), and each change to one, as server-sent events, whichever process produced them.
 * An open stream keeps checking membership (before each event and at each heartbeat) and ends once the token has
 * left the wallet.
 */
export const createTerminalRoutes = ({ session, membership, db, events, shutdownSignal }: TerminalRoutesOptions) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .use(requireMembership(membership))
    .get('/', async (c) => {
      const { agent_id: agentId, before, limit } = parseQuery(pageQuerySchema, c.req.query());
      return c.json(await findTerminalMessages(db, { userId: c.get('user').id, agentId, before, limit }));
    })
    .get('/stream', async (c) => {
      const userId = c.get('user').id;
      const agentId = c.req.query('agent_id') || undefined;
      if (agentId) await findOwnedAgentRow(db, { userId, agentId });
      return streamSSE(c, async (stream) => {
        let end: () => void = () => undefined;
        const ended = new Promise<void>((resolve) => {
          end = resolve;
          stream.onAbort(resolve);
          if (shutdownSignal.aborted) resolve();
          shutdownSignal.addEventListener('abort', () => resolve(), { once: true });
        });
        // The read is cached (≤ 60 s per address), so this costs a query, not a chain call, per message.
        const stillMember = async () => {
          const decision = await decideMembership(membership, { userId }).catch(() => null);
          if (!decision?.allowed) end();
          return Boolean(decision?.allowed);
        };
        // Events are sent one after another: each one's read starts after the previous write, and every event is
        // published after its change committed, so the last thing a browser receives about an entry is its latest state.
        let sending = Promise.resolve();
        const unsubscribe = events.subscribe((event) => {
          if (event.type === 'agent.run-failed' || event.userId !== userId || (agentId && event.agentId !== agentId)) return;
          // 'message': a new entry; 'updated': an entry whose deliveries moved on (posted, failed, retrying).
          const name = event.type === 'terminal.message' ? 'message' : 'updated';
          sending = sending
            .then(stillMember)
            .then((allowed) => (allowed ? getTerminalMessage(db, { userId, messageId: event.messageId }) : null))
            .then((message) => (message ? stream.writeSSE({ event: name, id: message.message_id, data: JSON.stringify(message) }) : undefined))
            .catch(() => undefined);
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        const heartbeat = setInterval(() => void stillMember().then((allowed) => (allowed ? stream.write(': keep-alive\n\n') : undefined)), HEARTBEAT_MS);
        // Until the browser goes away, the server shuts down (which must not wait for open streams) or the
        // membership ends.
        await ended;
        clearInterval(heartbeat);
        unsubscribe();
      });
    });
