import { setMaxListeners } from 'node:events';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import type { TerminalStreamEventName, TerminalStreamPayload } from '@agentcast/contracts/terminal-stream';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { findOwnedAgentRow } from '@agentcast/core/domains/ownership/find-owned-agent-row';
import { removePublishedPost } from '@agentcast/core/domains/runs/publish/remove-published-post';
import { retryDelivery } from '@agentcast/core/domains/runs/publish/retry-delivery';
import type { PublishingServices } from '@agentcast/core/domains/runs/publish/publishing-services';
import { findTerminalMessages } from '@agentcast/core/domains/terminal/find-terminal-messages';
import { watchTerminal } from '@agentcast/core/domains/terminal/watch-terminal';
import type { EventBus } from '@agentcast/core/integrations/events/event-bus';
import type { Database } from '@agentcast/db/client';
import { actingMember } from '../http/acting-member.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { createStreamSlots } from '../http/stream-slots.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

/** Proxies drop idle connections; a comment line now and then keeps the stream open. */
const HEARTBEAT_MS = 25_000;

/**
 * Writes one event of the live stream as the contract declares it (@agentcast/contracts/terminal-stream), which the
 * browser parses each event with: a name it does not list, or data of another shape, does not compile.
 */
const sendStreamEvent = <Name extends TerminalStreamEventName>(
  stream: SSEStreamingApi,
  name: Name,
  data: TerminalStreamPayload<Name>,
  id?: string,
) => stream.writeSSE({ event: name, id, data: JSON.stringify(data) });

type TerminalRoutesOptions = {
  session: SessionCheck;
  publishing: PublishingServices;
  membership: MembershipServices;
  db: Database;
  events: EventBus;
  shutdownSignal: AbortSignal;
};

/**
 * The terminal (gated): one agent's messages, or all the user's agents', a page at a time (filtered by status,
 * platform and text), a published post deleted from its platform, a failed one sent again, and the stream, which pushes each new message of the
 * user's agents (optionally one agent), and each change to one, as server-sent events, whichever process produced
 * them. An open stream keeps checking membership (before each event and at each heartbeat) and ends once the token
 * has left the wallet.
 */
export const createTerminalRoutes = ({
  session,
  membership,
  db,
  events,
  publishing,
  shutdownSignal,
}: TerminalRoutesOptions) => {
  const streamSlots = createStreamSlots();
  // One listener per open stream, thousands on a busy server: not a leak (each is removed when its stream ends).
  setMaxListeners(0, shutdownSignal);
  const gated = [requireCaller(session), requireMembership(membership)];
  return createApiRouter()
    .openapi(behind(gated, terminalRoutes.page), async (c) => {
      const { agent_id: agentId, ...query } = c.req.valid('query');
      return c.json(await findTerminalMessages(db, { workspaceId: c.get('workspace').id, agentId, ...query }), 200);
    })
    .openapi(behind(gated, terminalRoutes.removePost), async (c) => {
      const { message_id: messageId, platform } = c.req.valid('param');
      return c.json(await removePublishedPost(publishing, { ...actingMember(c), messageId, platform }), 200);
    })
    .openapi(behind(gated, terminalRoutes.retryPost), async (c) => {
      const { message_id: messageId, platform } = c.req.valid('param');
      return c.json(await retryDelivery(publishing, { workspaceId: c.get('workspace').id, messageId, platform }), 200);
    })
    .openapi(behind(gated, terminalRoutes.stream), async (c) => {
      const workspaceId = c.get('workspace').id;
      const agentId = c.req.valid('query').agent_id || undefined;
      if (agentId) await findOwnedAgentRow(db, { workspaceId, agentId });
      const releaseSlot = streamSlots.take(c.get('user').id);
      return streamSSE(c, async (stream) => {
        let end: () => void = () => undefined;
        const ended = new Promise<void>((resolve) => {
          end = resolve;
          stream.onAbort(resolve);
          if (shutdownSignal.aborted) resolve();
        });
        // Removed when the stream ends: the signal lives as long as the server, the stream does not.
        shutdownSignal.addEventListener('abort', end, { once: true });
        const watch = watchTerminal(
          { db, events, membership },
          {
            workspaceId,
            userId: c.get('user').id,
            agentId,
            onChange: (change, message) => sendStreamEvent(stream, change, message, message.message_id),
            onProgress: (progress) => sendStreamEvent(stream, 'progress', progress, progress.run_id),
            onMembershipEnded: end,
          },
        );
        const heartbeat = setInterval(
          () => void watch.isStillMember().then((allowed) => (allowed ? stream.write(': keep-alive\n\n') : undefined)),
          HEARTBEAT_MS,
        );
        // Until the browser goes away, the server shuts down (which must not wait for open streams) or the
        // membership ends; the subscription and the slot are given back however it ends, a failed write included.
        try {
          await sendStreamEvent(stream, 'ready', {});
          await ended;
        } finally {
          shutdownSignal.removeEventListener('abort', end);
          clearInterval(heartbeat);
          watch.stop();
          releaseSlot();
        }
      });
    });
};
