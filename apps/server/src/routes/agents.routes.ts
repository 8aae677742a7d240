import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { agentInputSchema } from '@agentcast/contracts/agents';
import { pendingConnectionsSchema } from '@agentcast/contracts/connections';
import { summarizeFieldErrors, toFieldErrors } from '@agentcast/contracts/field-errors';
import { MAX_UPLOAD_REQUEST_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import type { AgentServices } from '@agentcast/core/agents/agent-services';
import { createAgent } from '@agentcast/core/agents/create-agent';
import { deleteAgent } from '@agentcast/core/agents/delete-agent';
import { findAgentsJson } from '@agentcast/core/agents/find-agents-json';
import { getAgent } from '@agentcast/core/agents/get-agent';
import { readTrainingFile } from '@agentcast/core/agents/read-training-file';
import { updateAgent } from '@agentcast/core/agents/update-agent';
import { AppError } from '@agentcast/core/errors/app-error';
import { findKnowledgeSources } from '@agentcast/core/knowledge/find-knowledge-sources';
import type { MembershipServices } from '@agentcast/core/membership/membership-services';
import type { AppEnv } from '../app-env.ts';
import { readAgentSubmission } from '../http/read-agent-submission.ts';
import { requireMembership } from '../middleware/require-membership.ts';
import { requireSession, type SessionCheck } from '../middleware/require-session.ts';

const uploadLimit = bodyLimit({
  maxSize: MAX_UPLOAD_REQUEST_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.requestTooLarge);
  },
});

/** /api/agents: the signed-in user's agents. Another user's agent answers 404, exactly like a missing one. */
export const createAgentsRoutes = ({ session, membership, services }: { session: SessionCheck; membership: MembershipServices; services: AgentServices }) =>
  new Hono<AppEnv>()
    .use(requireSession(session))
    .use(requireMembership(membership))
    .get('/', async (c) =>
      c.body(await findAgentsJson(services, { userId: c.get('user').id }), 200, { 'content-type': 'application/json; charset=UTF-8' }),
    )
    .post('/', uploadLimit, async (c) => {
      const submission = await readAgentSubmission(c);
      const parsed = agentInputSchema.safeParse(submission.fields);
      if (!parsed.success) {
        const fieldErrors = toFieldErrors(parsed.error);
        throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
      }
      // Connections the Create Agent form made before the agent existed travel with its fields.
      const pending = pendingConnectionsSchema.safeParse(submission.fields);
      if (!pending.success) {
        const fieldErrors = toFieldErrors(pending.error);
        throw new AppError('VALIDATION_FAILED', summarizeFieldErrors(fieldErrors), { fieldErrors });
      }
      const created = await createAgent(services, {
        userId: c.get('user').id,
        fields: parsed.data,
        pendingConnectionIds: pending.data.pending_connections,
        image: submission.image,
        trainingFiles: submission.trainingFiles,
      });
      return c.json(created, 201);
    })
    .get('/:id', async (c) => c.json(await getAgent(services, { userId: c.get('user').id, agentId: c.req.param('id') })))
    .patch('/:id', uploadLimit, async (c) => {
      const submission = await readAgentSubmission(c);
      const updated = await updateAgent(services, {
        userId: c.get('user').id,
        agentId: c.req.param('id'),
        changes: submission.fields,
        image: submission.image,
        removeImage: submission.removeImage,
        trainingFiles: submission.trainingFiles,
        removeTrainingFiles: submission.removeTrainingFiles,
      });
      return c.json(updated);
    })
    .delete('/:id', async (c) => {
      await deleteAgent(services, { userId: c.get('user').id, agentId: c.req.param('id') });
      return c.json({ success: true });
    })
    .get('/:id/knowledge', async (c) => c.json(await findKnowledgeSources(services.db, { userId: c.get('user').id, agentId: c.req.param('id') })))
    .get('/:id/trainingfiles/:fileId', async (c) => {
      const file = await readTrainingFile(services, {
        userId: c.get('user').id,
        agentId: c.req.param('id'),
        fileId: c.req.param('fileId'),
      });
      return c.body(new Uint8Array(file.body), 200, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'cache-control': 'private, no-store',
      });
    });
