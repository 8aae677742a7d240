import { z } from 'zod';
import { agentPreviewInputSchema, agentPreviewSchema } from '../agent-preview.ts';
import { agentSchema, checkAgentRules, newAgentFieldsSchema, withClients } from '../agents.ts';
import { AGENTS_PAGE_MAX, AGENTS_PAGE_SIZE, agentsPageSchema } from '../agents-page.ts';
import { pendingConnectionsSchema } from '../connections.ts';
import { composedPostSchema } from '../drafts.ts';
import { knowledgeSourceStatusSchema } from '../knowledge.ts';
import { terminalMessageSchema, triggerInputSchema } from '../terminal.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** The multipart part that carries the agent's fields as JSON; its fields' errors are named as in a JSON body. */
export const AGENT_JSON_PART = 'agent';

/** A multipart part holding JSON text, parsed and then checked with `schema`. */
const jsonPart = <Schema extends z.ZodType>(schema: Schema) =>
  z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'This part must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** An uploaded file; described as binary, which JSON Schema cannot infer from `instanceof`. */
const file = z.instanceof(File).meta({ type: 'string', format: 'binary' });
/** A file input: one file, several, or none (an empty input sends an empty file, which counts as none). */
const files = z
  .union([file, z.array(file)])
  .optional()
  .transform((value) => [value ?? []].flat().filter((part) => part.size > 0));
const optionalFile = file.optional().transform((value) => (value && value.size > 0 ? value : undefined));

/**
 * Create Agent: every field and rule, and the connections the form made before the agent existed. Omitted clients
 * are the server's to fill in (newAgentClients); none of its choices needs media, so the rules check what was given.
 */
export const agentCreateSchema = newAgentFieldsSchema
  .extend(pendingConnectionsSchema.shape)
  .superRefine((agent, context) => checkAgentRules(withClients(agent, []), context));

/**
 * An edit: the fields to change (the rules are checked against the saved agent by the server), plus what to remove.
 * Omitted fields keep their value; blank X credential fields keep the saved ones; `twitter_credentials: null` removes
 * them.
 */
export const agentChangesSchema = z
  .object({ remove_image: z.boolean().optional(), remove_trainingfiles: z.array(z.string()).optional() })
  .catchall(z.unknown());

const agentIdParams = z.object({ id: z.string() });

const AGENT_ERRORS = [401, 403, 404] as const;

/** Create Agent as multipart/form-data: the fields as JSON in the "agent" part, beside the files. */
export const agentCreateFormSchema = z.object({
  [AGENT_JSON_PART]: jsonPart(agentCreateSchema),
  image: optionalFile,
  trainingfiles: files,
});

/** An edit as multipart/form-data: the changes as JSON in the "agent" part, new files, and what to remove. */
export const agentChangesFormSchema = z.object({
  [AGENT_JSON_PART]: jsonPart(z.record(z.string(), z.unknown())).optional(),
  image: optionalFile,
  trainingfiles: files,
  remove_image: z.enum(['true', 'false']).optional(),
  remove_trainingfiles: jsonPart(z.array(z.string())).optional(),
});

/** The multipart part that carries a written post's text and time as JSON, beside its image. */
export const POST_JSON_PART = 'post';

/**
 * A post written by a person as multipart/form-data: the text, time, platforms and per-platform texts as JSON in
 * "post", beside its images (`images`, several; `image`, one, as before) or one `video`.
 */
export const composedPostFormSchema = z.object({
  [POST_JSON_PART]: jsonPart(composedPostSchema),
  image: optionalFile,
  images: files,
  video: optionalFile,
});

export const agentsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/agents',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The signed-in account’s agents, newest first, a page at a time',
    description:
      'Pages run newest first (created_at, then id) and never skip or repeat an agent between them. Each answer ' +
      'carries a strong `ETag`; sent back in `If-None-Match`, it is answered `304 Not Modified` without a body for ' +
      'as long as nothing the page shows has changed.',
    request: {
      query: z.object({
        /** The `next_cursor` of the previous page; omitted: the first page. */
        cursor: z.string().optional().describe('The next_cursor of the previous page; omitted: the first page.'),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(AGENTS_PAGE_MAX)
          .default(AGENTS_PAGE_SIZE)
          .describe(`How many agents a page holds (1 to ${AGENTS_PAGE_MAX}).`),
      }),
      headers: z.object({
        'if-none-match': z.string().optional().describe('The ETag of the copy the client holds.'),
      }),
    },
    responses: {
      200: {
        ...jsonContent(agentsPageSchema, 'One page of agents'),
        headers: z.object({ etag: z.string().describe('Changes whenever anything this page shows changes') }),
      },
      304: { description: 'Not modified: the `If-None-Match` ETag still describes this page' },
      ...errorResponses(400, 401, 403),
    },
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/agents',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Create an agent, with its image and training files in the same request',
    request: {
      body: {
        content: {
          'application/json': { schema: agentCreateSchema },
          'multipart/form-data': { schema: agentCreateFormSchema },
        },
      },
    },
    responses: {
      201: jsonContent(agentSchema, 'The agent as saved'),
      ...errorResponses(400, 401, 403, 413, 415, 429),
    },
  }),
  preview: defineRoute({
    method: 'post',
    path: '/api/agents/preview',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary: 'What the offline writer would post for these (unsaved) settings',
    description:
      'The agent form’s live preview: the post the built-in offline writer writes for the settings given, with the ' +
      'spec’s trigger message. Nothing is saved and no model is asked; the same settings give the same post.',
    request: {
      body: { ...jsonContent(agentPreviewInputSchema, 'The form’s settings, as far as filled in'), required: true },
    },
    responses: {
      200: jsonContent(agentPreviewSchema, 'The post and its topic'),
      ...errorResponses(400, 401, 403, 413, 415),
    },
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/agents/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'One agent',
    request: { params: agentIdParams },
    responses: { 200: jsonContent(agentSchema, 'The agent'), ...errorResponses(...AGENT_ERRORS) },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/agents/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Change an agent, its image and training files in one request',
    request: {
      params: agentIdParams,
      body: {
        content: {
          'application/json': { schema: agentChangesSchema },
          'multipart/form-data': { schema: agentChangesFormSchema },
        },
      },
    },
    responses: {
      200: jsonContent(agentSchema, 'The agent as saved'),
      ...errorResponses(400, ...AGENT_ERRORS, 413, 415),
    },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/agents/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Delete an agent, its files, schedules and knowledge',
    request: { params: agentIdParams },
    responses: {
      200: jsonContent(z.object({ success: z.literal(true) }), 'Deleted'),
      ...errorResponses(...AGENT_ERRORS),
    },
  }),
  knowledge: defineRoute({
    method: 'get',
    path: '/api/agents/{id}/knowledge',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'How far each of the agent’s documents is indexed',
    request: { params: agentIdParams },
    responses: {
      200: jsonContent(z.array(knowledgeSourceStatusSchema), 'One entry per document'),
      ...errorResponses(...AGENT_ERRORS),
    },
  }),
  trainingFile: defineRoute({
    method: 'get',
    path: '/api/agents/{id}/trainingfiles/{fileId}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Download one of the agent’s training files (its owner only)',
    request: { params: z.object({ id: z.string(), fileId: z.string() }) },
    responses: {
      200: {
        content: { 'application/octet-stream': { schema: z.string() } },
        description: 'The file, as uploaded',
      },
      ...errorResponses(...AGENT_ERRORS),
    },
  }),
  pause: defineRoute({
    method: 'post',
    path: '/api/agents/{id}/pause',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Pause the agent: it neither posts on its own nor answers mentions until resumed',
    request: { params: agentIdParams },
    responses: { 200: jsonContent(agentSchema, 'The agent, paused'), ...errorResponses(...AGENT_ERRORS) },
  }),
  resume: defineRoute({
    method: 'post',
    path: '/api/agents/{id}/resume',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'agents.write',
    summary: 'Resume the agent: its next post is one interval from now',
    request: { params: agentIdParams },
    responses: { 200: jsonContent(agentSchema, 'The agent, resumed'), ...errorResponses(...AGENT_ERRORS) },
  }),
  compose: defineRoute({
    method: 'post',
    path: '/api/agents/{id}/posts',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary:
      'Publish a post written by a person for this agent, now or at `publish_at`, or save it as a draft for review; to all or some of its platforms, with a text per platform, images or a video',
    request: {
      params: agentIdParams,
      body: {
        content: {
          'application/json': { schema: composedPostSchema },
          'multipart/form-data': { schema: composedPostFormSchema },
        },
      },
    },
    responses: {
      201: jsonContent(terminalMessageSchema, 'The terminal entry of the post'),
      ...errorResponses(400, ...AGENT_ERRORS, 409, 413, 415, 429),
    },
  }),
  trigger: defineRoute({
    method: 'post',
    path: '/api/agents/{id}/trigger',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'publish',
    summary: 'Run the agent now and answer with what it produced (spec §7)',
    request: {
      params: agentIdParams,
      body: { content: { 'application/json': { schema: triggerInputSchema } } },
    },
    responses: {
      200: jsonContent(z.object({ data: terminalMessageSchema }), 'The terminal message the run produced'),
      ...errorResponses(400, ...AGENT_ERRORS, 409, 429, 502, 504),
    },
  }),
};
