import { agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import type { Client } from '@agentcast/contracts/agents';
import type { PlanId } from '@agentcast/contracts/plans';
import { DEFAULT_TRIGGER_MESSAGE } from '@agentcast/contracts/terminal';
import type { AgentServices } from '@agentcast/core/domains/agents/agent-services';
import { createAgent } from '@agentcast/core/domains/agents/create-agent';
import { deleteAgent } from '@agentcast/core/domains/agents/delete-agent';
import { getAgent } from '@agentcast/core/domains/agents/get-agent';
import { readTrainingFile } from '@agentcast/core/domains/agents/read-training-file';
import { setAgentPaused } from '@agentcast/core/domains/agents/set-agent-paused';
import { updateAgent } from '@agentcast/core/domains/agents/update-agent';
import { findKnowledgeSources } from '@agentcast/core/domains/knowledge/find-knowledge-sources';
import type { MembershipServices } from '@agentcast/core/domains/membership/membership-services';
import { composePost } from '@agentcast/core/domains/runs/plan/compose-post';
import { can } from '@agentcast/contracts/workspace-roles';
import { previewOfflinePost } from '@agentcast/core/domains/runs/write/preview-offline-post';
import { triggerAgent } from '@agentcast/core/domains/runs/plan/trigger-agent';
import type { EventBus } from '@agentcast/core/integrations/events/event-bus';
import type { JobQueue } from '@agentcast/core/integrations/queue/create-job-queue';
import { actingMember } from '../http/acting-member.ts';
import { createAgentPages } from '../http/agent-pages.ts';
import { behind, createApiRouter } from '../http/api-router.ts';
import { agentChanges, newAgent } from '../http/read-agent-submission.ts';
import { readComposedPost } from '../http/read-composed-post.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireCaller } from '../middleware/require-caller.ts';
import type { SessionCheck } from '../middleware/require-session.ts';

/** Longer than a run can take: the model's timeout and retries, plus media. */
const TRIGGER_WAIT_MS = 180_000;

type AgentsRoutesOptions = {
  session: SessionCheck;
  membership: MembershipServices;
  services: AgentServices;
  runs: { queue: JobQueue; events: EventBus; defaultPlan: PlanId };
  /** A new agent's clients when the caller omits them: newAgentClients for this server's X setup. */
  newAgentClients: Client[];
};

/**
 * The signed-in user's agents (gated). Another user's agent answers 404, exactly like a missing one. A save may carry
 * the upload limit's worth of images and PDFs (middleware/limit-request-bodies.ts).
 */
export const createAgentsRoutes = ({ session, membership, services, runs, newAgentClients }: AgentsRoutesOptions) => {
  const gated = [requireCaller(session), requireMembership(membership)];
  const { db } = services;
  const agentPages = createAgentPages(services);
  return (
    createApiRouter()
      // A page is rendered to JSON by the database and kept gzipped (http/agent-pages.ts): sent as the bytes it is.
      .openapi(behind(gated, agentsRoutes.list), async (c) => {
        const { cursor, limit } = c.req.valid('query');
        const page = await agentPages.answer({
          workspaceId: c.get('workspace').id,
          cursor,
          limit,
          ifNoneMatch: c.req.valid('header')['if-none-match'],
          acceptsGzip: /\bgzip\b/.test(c.req.header('accept-encoding') ?? ''),
        });
        // no-cache: a browser keeps the page but asks again each time, with If-None-Match.
        const headers = { etag: page.etag, 'cache-control': 'private, no-cache', vary: 'Accept-Encoding' };
        if (page.status === 304) return c.body(null, 304, headers);
        return c.body(new Uint8Array(page.body), 200, {
          ...headers,
          'content-type': 'application/json; charset=UTF-8',
          ...(page.contentEncoding ? { 'content-encoding': page.contentEncoding } : {}),
        });
      })
      .openapi(behind(gated, agentsRoutes.create), async (c) => {
        const submission = await newAgent(c.req.header('content-type'), c.req.valid('json'), c.req.valid('form'));
        return c.json(
          await createAgent(services, {
            ...actingMember(c),
            defaultClients: newAgentClients,
            ...submission,
          }),
          201,
        );
      })
      // The form's live preview: what the offline writer would write for its unsaved settings; nothing is stored.
      .openapi(behind(gated, agentsRoutes.preview), async (c) =>
        c.json(await previewOfflinePost(c.req.valid('json')), 200),
      )
      .openapi(behind(gated, agentsRoutes.get), async (c) =>
        c.json(await getAgent(services, { workspaceId: c.get('workspace').id, agentId: c.req.valid('param').id }), 200),
      )
      .openapi(behind(gated, agentsRoutes.update), async (c) => {
        const changes = await agentChanges(c.req.header('content-type'), c.req.valid('json'), c.req.valid('form'));
        const agentId = c.req.valid('param').id;
        return c.json(await updateAgent(services, { ...actingMember(c), agentId, ...changes }), 200);
      })
      .openapi(behind(gated, agentsRoutes.remove), async (c) => {
        await deleteAgent(services, { ...actingMember(c), agentId: c.req.valid('param').id });
        return c.json({ success: true as const }, 200);
      })
      .openapi(behind(gated, agentsRoutes.knowledge), async (c) =>
        c.json(
          await findKnowledgeSources(db, { workspaceId: c.get('workspace').id, agentId: c.req.valid('param').id }),
          200,
        ),
      )
      .openapi(behind(gated, agentsRoutes.trainingFile), async (c) => {
        const { id: agentId, fileId } = c.req.valid('param');
        const file = await readTrainingFile(services, { workspaceId: c.get('workspace').id, agentId, fileId });
        return c.body(new Uint8Array(file.body), 200, {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          'cache-control': 'private, no-store',
        });
      })
      .openapi(behind(gated, agentsRoutes.pause), async (c) =>
        c.json(
          await setAgentPaused(services, { ...actingMember(c), agentId: c.req.valid('param').id, paused: true }),
          200,
        ),
      )
      .openapi(behind(gated, agentsRoutes.resume), async (c) =>
        c.json(
          await setAgentPaused(services, { ...actingMember(c), agentId: c.req.valid('param').id, paused: false }),
          200,
        ),
      )
      .openapi(behind(gated, agentsRoutes.compose), async (c) => {
        const post = await readComposedPost(c.req.header('content-type'), c.req.valid('json'), c.req.valid('form'));
        const input = {
          ...actingMember(c),
          agentId: c.req.valid('param').id,
          ...post,
          mayApprove: can(c.get('workspace').role, 'approve'),
        };
        return c.json(
          await composePost({ db, ...runs, storage: services.storage, logger: services.logger }, input),
          201,
        );
      })
      // Spec §7: the agent service's /prod/agent/{id}; the answer is `{ data }`, the terminal message produced.
      .openapi(behind(gated, agentsRoutes.trigger), async (c) => {
        const message = await triggerAgent(
          { db, logger: services.logger, ...runs },
          {
            workspaceId: c.get('workspace').id,
            agentId: c.req.valid('param').id,
            // Without a body the route passes `{}`: the spec's default instruction.
            message: c.req.valid('json').message ?? DEFAULT_TRIGGER_MESSAGE,
            timeoutMs: TRIGGER_WAIT_MS,
          },
        );
        return c.json({ data: message }, 200);
      })
  );
};
