import { z } from 'zod';
import { agentFieldsSchema, newAgentFieldsSchema } from '@agentcast/contracts/agents';
import { AGENTS_PAGE_MAX, AGENTS_PAGE_SIZE } from '@agentcast/contracts/agents-page';
import { agentChangesSchema, agentsRoutes } from '@agentcast/contracts/api/agents-routes';
import { calendarRoutes } from '@agentcast/contracts/api/calendar-routes';
import { draftsRoutes } from '@agentcast/contracts/api/drafts-routes';
import { terminalRoutes } from '@agentcast/contracts/api/terminal-routes';
import { MAX_BULK_APPROVALS, MAX_DRAFT_COMMENT_LENGTH, MAX_WAITING_DRAFTS } from '@agentcast/contracts/drafts';
import { TERMINAL_PAGE_SIZE, TERMINAL_STATUS_FILTERS } from '@agentcast/contracts/terminal';
import { defineTool } from './mcp-tool.ts';

const READ = { readOnlyHint: true, openWorldHint: false } as const;
/** Changes Agentcast only: nothing leaves it. */
const CHANGE = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;
/** Publishes to the agent's social accounts: the world sees it. */
const PUBLISH = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;

const AGENT_ID = 'The agent’s id (list_agents gives it).';
const DRAFT_ID = 'The draft’s id (list_drafts gives it).';

/**
 * An edit's fields: any of the agent's, none required and none defaulted (an omitted field keeps its saved value,
 * where the route's schema would fill in a new agent's defaults), and what to remove.
 */
const agentChangesInput = z.object({
  ...Object.fromEntries(
    Object.entries(agentFieldsSchema.shape).map(([name, field]) => [
      name,
      (field instanceof z.ZodDefault || field instanceof z.ZodPrefault ? field.unwrap() : field).optional(),
    ]),
  ),
  // null removes the saved X credentials (updateAgent).
  twitter_credentials: agentFieldsSchema.shape.twitter_credentials.unwrap().nullable().optional(),
  ...agentChangesSchema.shape,
});

const AGENT_RULES =
  'Rules (the API checks them and names each field at fault): name, description and prompt are required; with the ' +
  '"post" activity, post_configuration.topics needs at least one topic and post_configuration.interval at least 1 ' +
  'minute; Instagram in post_configuration.clients needs meme, graphic or video on, YouTube needs video on. ' +
  'Platforms other than the terminal publish through accounts connected in the Agentcast app; without one, ' +
  'a post to that platform fails with a note. Images and training PDFs are uploaded in the app, not here.';

/** Every tool, each one route of the API called with the API key of the MCP connection. */
export const MCP_TOOLS = [
  defineTool(agentsRoutes.list, {
    name: 'list_agents',
    title: 'List agents',
    description:
      'Lists the account’s agents, newest first, each with every setting: name, description, prompt, model, ' +
      'activities, post_configuration (platforms, interval in minutes, topics), chat_configuration, media flags, ' +
      'approval (who approves each post: none, one), paused, connected accounts. Secrets are never returned, only whether each is set. ' +
      `Answers one page { agents, next_cursor } of ${AGENTS_PAGE_SIZE} agents (limit: up to ${AGENTS_PAGE_MAX}); ` +
      'while next_cursor is not null, pass it as `cursor` for the next page.',
    annotations: READ,
  }),
  defineTool(agentsRoutes.get, {
    name: 'get_agent',
    title: 'Read an agent',
    description:
      'Reads one of the account’s agents with every setting, as list_agents gives each. An agent of another ' +
      'account is answered as a missing one: not found.',
    annotations: READ,
    describe: { id: AGENT_ID },
  }),
  defineTool(agentsRoutes.create, {
    name: 'create_agent',
    title: 'Create an agent',
    description:
      'Creates an agent and returns it as saved. Omitted fields take their defaults: activities ["post", "chat"], ' +
      'post_configuration.clients and chat_configuration.clients ["terminal", "x"] when this server has X set up, ' +
      'else ["terminal"]; an interval of 60 minutes, model gpt-4o. An agent with the ' +
      '"post" activity and post_configuration.enabled starts posting on its own, one post every interval, to its ' +
      'platforms, within the plan’s posts per day (get_usage); with approval "one" each post waits as a ' +
      'draft instead (list_drafts). ' +
      AGENT_RULES,
    annotations: CHANGE,
    body: newAgentFieldsSchema,
  }),
  defineTool(agentsRoutes.update, {
    name: 'update_agent',
    title: 'Update an agent',
    description:
      'Changes the given fields of an agent and returns it as saved; omitted fields keep their values. ' +
      'post_configuration and chat_configuration are replaced as a whole (their omitted fields take defaults), so ' +
      'send the full object; in twitter_credentials, blank fields keep the saved ones and null removes them all. ' +
      'remove_image: true removes its picture; remove_trainingfiles lists training files to remove by id (the last ' +
      'part of their url). The rules of create_agent apply to the agent as changed. ' +
      AGENT_RULES,
    annotations: { ...CHANGE, idempotentHint: true },
    body: agentChangesInput,
    describe: { id: AGENT_ID },
  }),
  defineTool(agentsRoutes.trigger, {
    name: 'trigger_agent',
    title: 'Trigger an agent',
    description:
      'Runs the agent now: it writes a post (and its media) from its prompt and topics, following `message` when ' +
      'given, and publishes it for real to the agent’s platforms. With approval "one", the post waits ' +
      'as a draft instead (list_drafts). Counts as one of the plan’s posts per day; refused when the day’s posts ' +
      `are used up, when the agent is paused, or when ${MAX_WAITING_DRAFTS} of its drafts already wait. Waits ` +
      'for the post (up to 3 minutes) and returns its terminal entry: text, media, and each platform’s delivery.',
    annotations: PUBLISH,
    describe: { id: AGENT_ID },
  }),
  defineTool(draftsRoutes.list, {
    name: 'list_drafts',
    title: 'List drafts',
    description:
      'Lists the posts waiting for review (written by agents whose approval is not none), soonest planned first: ' +
      'each draft’s id (for approve_draft, edit_draft, comment_on_draft and reject_draft), agent, text, media, ' +
      'platforms, publish_at (when approving publishes it; with time_chosen it expires unapproved then), other ' +
      'versions, the approvals given and the comments; and `expired`, the latest drafts that expired unapproved.',
    annotations: READ,
  }),
  defineTool(draftsRoutes.approve, {
    name: 'approve_draft',
    title: 'Approve drafts',
    description:
      `Approves one or more waiting drafts (up to ${MAX_BULK_APPROVALS}) by id: each is published for real to its ` +
      'platforms at its publish_at, or at once with now: true (or when that time has passed). Returns when each ' +
      'goes out. A draft no longer waiting (already approved or rejected) is refused.',
    annotations: PUBLISH,
  }),
  defineTool(draftsRoutes.change, {
    name: 'edit_draft',
    title: 'Edit a draft',
    description:
      'Changes a waiting draft and returns it: a new text (it must fit each of its platforms: X 280 characters, or ' +
      'a thread when the agent writes threads; LinkedIn 3000; Instagram 2200; YouTube 5000; Threads 500; Bluesky 300), a new publish_at in ' +
      'the future (ISO 8601), another of its versions (`version`: an index in its versions), or where its X thread ' +
      'is split. The draft keeps waiting for approval.',
    annotations: { ...CHANGE, idempotentHint: true },
    describe: { id: DRAFT_ID },
  }),
  defineTool(draftsRoutes.reject, {
    name: 'reject_draft',
    title: 'Reject a draft',
    description:
      'Rejects a waiting draft: it is never published, its post is given back to the day’s quota, and the reason ' +
      '(optional) is noted in the terminal. Cannot be undone.',
    annotations: { ...CHANGE, destructiveHint: true, idempotentHint: true },
    describe: { id: DRAFT_ID },
  }),
  defineTool(draftsRoutes.comment, {
    name: 'comment_on_draft',
    title: 'Comment on a draft',
    description:
      `Adds a comment (up to ${MAX_DRAFT_COMMENT_LENGTH} characters) to a waiting draft, as the key’s owner, for the ` +
      'workspace’s members to read beside the draft. Each member named in it with @ and their name or e-mail ' +
      'address ("@Ann Lee", "@ann@example.com") is e-mailed a link to it; no one else is. Returns the comment with ' +
      'the names of the members it mentions. A draft no longer waiting is not found.',
    annotations: CHANGE,
    describe: { id: DRAFT_ID },
  }),
  defineTool(agentsRoutes.compose, {
    name: 'compose_post',
    title: 'Compose a post',
    description:
      'Publishes a post you write, as the agent, to the agent’s platforms — for real and without review: now, or ' +
      'at publish_at (ISO 8601, in the future). The text must fit each platform (X 280 characters unless the ' +
      'agent writes threads, LinkedIn 3000, Instagram 2200, YouTube 5000, Threads 500, Bluesky 300). Counts as one of the plan’s posts per ' +
      'day. Returns its terminal entry.',
    annotations: PUBLISH,
    describe: { id: AGENT_ID },
  }),
  defineTool(terminalRoutes.page, {
    name: 'read_terminal',
    title: 'Read the terminal',
    description:
      'Reads the terminal: every post, reply and note of one agent (agent_id) or of all the account’s agents, ' +
      'newest first, with its text, media, instruction, sources and each platform’s delivery (status, link or ' +
      `error). A page holds \`limit\` entries (default ${TERMINAL_PAGE_SIZE}, at most 100); pass the answer’s ` +
      `next_before as \`before\` for the next page. Narrow it by status (${TERMINAL_STATUS_FILTERS.join(', ')}), ` +
      'by platform, or by words in the text (q).',
    annotations: READ,
    describe: { agent_id: `${AGENT_ID} Omitted: every agent’s.`, before: 'The next_before of the previous page.' },
  }),
  defineTool(terminalRoutes.usage, {
    name: 'get_usage',
    title: 'Read usage',
    description:
      'Reads the account’s plan, its limits (posts and replies per UTC day; null is unlimited), today’s posts ' +
      'and replies, and when the counts start again (resetsAt).',
    annotations: READ,
  }),
  defineTool(terminalRoutes.schedules, {
    name: 'get_schedule',
    title: 'Read the schedule',
    description:
      'Reads when each agent next acts on its own: for "post", when its next post is due (next_run_at) and when ' +
      'it next publishes or drafts one (next_post_at, passing over slots skipped or over the day’s quota; null ' +
      'when none comes within 8 days); for "chat", when it next looks on X for posts to answer. Paused agents and ' +
      'agents without either activity have no entry.',
    annotations: READ,
  }),
  defineTool(calendarRoutes.get, {
    name: 'get_calendar',
    title: 'Read the calendar',
    description:
      'Reads the coming 7 days as the scheduler will run them — each agent’s planned posts (and which will be ' +
      'skipped, and why), drafts and approved or composed posts at their times — and the posts published in the ' +
      'last 7 days with their links.',
    annotations: READ,
  }),
];
