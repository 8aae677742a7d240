import { z } from 'zod';

import {
  DATA_SOURCE_OPTIONS,
  ACTIVITY_OPTIONS,
  CLIENT_OPTIONS,
  TWITTER_CREDENTIAL_FIELDS,
  AGENT_DEFAULTS,
  MIN_POST_INTERVAL_MINUTES,
  VIDEO_PRIVACY_OPTIONS,
  AGENT_MESSAGES,
  APPROVAL_OPTIONS,
  type Approval,
  type Client,
  type TwitterCredentialField,
} from './agents-constants.ts';

import { REPLY_GUARD_DEFAULTS, REPLY_GUARD_LIMITS, REPLY_GUARD_MESSAGES } from './reply-guards-constants.ts';

export * from './agents-constants.ts';
export * from './reply-guards-constants.ts';

/** NUL characters cannot be stored by PostgreSQL and never belong in text typed by a person. */
const withoutNul = (value: string) => value.replaceAll('\u0000', '');
const text = () => z.string().transform(withoutNul);

/** Trims every entry and drops the empty ones (spec §5: kept only if non-empty after trimming). */
const trimmedList = z
  .array(text())
  .default([])
  .transform((values) => values.map((value) => value.trim()).filter(Boolean));

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .transform((value) => withoutNul(value).trim())
    .pipe(z.string().min(1, message));

/** An empty number input arrives as NaN or ''; both mean "not given". */
const optionalInterval = z.preprocess(
  (value) => (value === '' || value === undefined || (typeof value === 'number' && Number.isNaN(value)) ? null : value),
  z.coerce.number().int('Post interval must be a whole number of minutes').nullable(),
);

export const postConfigurationSchema = z.object({
  clients: z.array(z.enum(CLIENT_OPTIONS)).default(AGENT_DEFAULTS.clients),
  interval: optionalInterval.default(AGENT_DEFAULTS.postInterval),
  topics: trimmedList,
  enabled: z.boolean().default(true),
  reply_to_usernames: trimmedList,
});
export type PostConfiguration = z.infer<typeof postConfigurationSchema>;

export const chatConfigurationSchema = z.object({
  clients: z.array(z.enum(CLIENT_OPTIONS)).default(AGENT_DEFAULTS.clients),
  reply_to_usernames: trimmedList,
  reply_to_replies: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type ChatConfiguration = z.infer<typeof chatConfigurationSchema>;

const credentialField = () =>
  text()
    .default('')
    .transform((value) => value.trim());
/** A Farcaster channel id as Farcaster names it (lowercase, 1–16 characters today; older channels may be longer). */
const FARCASTER_CHANNEL_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** Its link (farcaster.xyz, warpcast.com) or `/ai` as people write it in a cast: both name the channel `ai`. */
const FARCASTER_CHANNEL_LINK =
  /^(?:https?:\/\/)?(?:www\.)?(?:farcaster\.xyz|warpcast\.com)\/~\/channel\/([^/?#]+)\/?$/i;

/** The channel an agent's casts go into, as typed: its id, `/id` or its link; '' for the account's own feed. */
const farcasterChannelSchema = text()
  .transform((value) => {
    const typed = value.trim();
    const id = FARCASTER_CHANNEL_LINK.exec(typed)?.[1] ?? typed.replace(/^\//, '');
    return id.toLowerCase();
  })
  .refine((id) => id === '' || FARCASTER_CHANNEL_ID.test(id), AGENT_MESSAGES.farcasterChannelInvalid);

const wholeNumber = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number(message).int(message).min(min, message).max(max, message);
/** "7:05" or "07:05" as "07:05"; anything else is not a time of day. */
const TIME_OF_DAY = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const handleList = z
  .array(text())
  .default([])
  .transform((handles) => [
    ...new Set(handles.map((handle) => handle.trim().replace(/^@/, '').toLowerCase()).filter(Boolean)),
  ]);

/** The guards of an agent that answers people (issue 34 §4); every field has its default. */
export const replyGuardsSchema = z.object({
  max_per_conversation: wholeNumber(
    REPLY_GUARD_LIMITS.maxPerConversation,
    REPLY_GUARD_MESSAGES.maxPerConversation,
  ).default(REPLY_GUARD_DEFAULTS.max_per_conversation),
  max_per_author_per_day: wholeNumber(
    REPLY_GUARD_LIMITS.maxPerAuthorPerDay,
    REPLY_GUARD_MESSAGES.maxPerAuthorPerDay,
  ).default(REPLY_GUARD_DEFAULTS.max_per_author_per_day),
  loop_messages: wholeNumber(REPLY_GUARD_LIMITS.loopMessages, REPLY_GUARD_MESSAGES.loopMessages).default(
    REPLY_GUARD_DEFAULTS.loop_messages,
  ),
  loop_seconds: wholeNumber(REPLY_GUARD_LIMITS.loopSeconds, REPLY_GUARD_MESSAGES.loopSeconds).default(
    REPLY_GUARD_DEFAULTS.loop_seconds,
  ),
  allow_list: handleList,
  block_list: handleList,
  quiet_hours: z
    .object({ start: text(), end: text() })
    .nullable()
    .default(null)
    .transform((hours, context) => {
      if (!hours || (!hours.start.trim() && !hours.end.trim())) return null;
      const [start, end] = [hours.start, hours.end].map((time) => TIME_OF_DAY.exec(time.trim()));
      if (!start || !end) {
        context.addIssue({ code: 'custom', message: REPLY_GUARD_MESSAGES.quietHours });
        return z.NEVER;
      }
      const format = (match: RegExpExecArray) => `${match[1]!.padStart(2, '0')}:${match[2]}`;
      return { start: format(start), end: format(end) };
    }),
});

const twitterCredentialsSchema = z.object({
  TWITTER_USERNAME: credentialField(),
  TWITTER_EMAIL: credentialField(),
  TWITTER_PASSWORD: credentialField(),
  TWITTER_2FA_SECRET: credentialField(),
});

/** The editable fields of an agent, as the forms send them and the API receives them (spec §3 names). */
export const agentFieldsSchema = z.object({
  name: requiredText(AGENT_MESSAGES.nameRequired),
  description: requiredText(AGENT_MESSAGES.descriptionRequired),
  prompt: requiredText(AGENT_MESSAGES.promptRequired),
  model: text()
    .default(AGENT_DEFAULTS.model)
    .transform((value) => value.trim() || AGENT_DEFAULTS.model),
  sample_posts: trimmedList,
  sample_questions: z
    .array(z.object({ question: text(), answer: text() }))
    .default([])
    .transform((pairs) =>
      pairs
        .map(({ question, answer }) => ({ question: question.trim(), answer: answer.trim() }))
        .filter(({ question, answer }) => question && answer),
    ),
  data_sources: z.array(z.enum(DATA_SOURCE_OPTIONS)).default(AGENT_DEFAULTS.dataSources),
  activities: z.array(z.enum(ACTIVITY_OPTIONS)).default(AGENT_DEFAULTS.activities),
  post_configuration: postConfigurationSchema.prefault({}),
  chat_configuration: chatConfigurationSchema.prefault({}),
  /** Chat Configuration: what keeps its answers from running away (issue 34 §4). */
  reply_guards: replyGuardsSchema.prefault({}),
  twitter_credentials: twitterCredentialsSchema.prefault({}),
  custom_context: text().default(''),
  meme: z.boolean().default(false),
  graphic: z.boolean().default(false),
  video: z.boolean().default(false),
  /**
   * Behavior & Configuration: who approves each post and reply before it goes out (issue 36 §3); until then it
   * waits as a draft. Omitted: what `review_before_posting` says, else `none`.
   */
  approval: z.enum(APPROVAL_OPTIONS, { error: `Approval must be one of: ${APPROVAL_OPTIONS.join(', ')}` }).optional(),
  /** Before approval steps (deprecated): true is `approval: one`, false `none`. Read only when `approval` is omitted. */
  review_before_posting: z.boolean().optional(),
  /** X: a post longer than one X post goes out as a numbered thread instead of being cut to fit (issue 17 §4). */
  x_threads: z.boolean().default(false),
  video_privacy: z
    .enum(VIDEO_PRIVACY_OPTIONS, { error: `Video privacy must be one of: ${VIDEO_PRIVACY_OPTIONS.join(', ')}` })
    .default('private'),
  /** Farcaster: the channel its casts go into (a thread's first cast); '' for the account's own feed. */
  farcaster_channel: farcasterChannelSchema.default(''),
  /** The most this agent's billable platform calls (X posts and reads) may cost in a month, in US dollars. */
  monthly_budget_usd: z
    .number(AGENT_MESSAGES.budgetInvalid)
    .positive(AGENT_MESSAGES.budgetInvalid)
    .max(1_000_000, AGENT_MESSAGES.budgetInvalid)
    .nullable()
    .default(null),
});
export type AgentFields = z.output<typeof agentFieldsSchema>;
export type AgentFieldsInput = z.input<typeof agentFieldsSchema>;

const BASE32_SECRET = /^[A-Z2-7]{16,}=*$/;

/**
 * The spec §5 rules across fields. `storedCredentials` names the X credentials already saved on the agent: in the
 * edit form a blank credential field keeps the saved value, so it counts as filled.
 */
export const checkAgentRules = (
  agent: AgentFields,
  context: z.RefinementCtx,
  storedCredentials: Partial<Record<TwitterCredentialField, boolean>> = {},
) => {
  const credentials = agent.twitter_credentials;
  const typed = TWITTER_CREDENTIAL_FIELDS.filter((field) => credentials[field] !== '');
  const filled = TWITTER_CREDENTIAL_FIELDS.filter((field) => credentials[field] !== '' || storedCredentials[field]);
  if (typed.length > 0 && filled.length < TWITTER_CREDENTIAL_FIELDS.length) {
    context.addIssue({ code: 'custom', message: AGENT_MESSAGES.twitterAllOrNothing, path: ['twitter_credentials'] });
  }
  const secret = credentials.TWITTER_2FA_SECRET.replace(/\s+/g, '').toUpperCase();
  if (secret && !BASE32_SECRET.test(secret)) {
    context.addIssue({
      code: 'custom',
      message: AGENT_MESSAGES.twitter2faInvalid,
      path: ['twitter_credentials', 'TWITTER_2FA_SECRET'],
    });
  }
  if (agent.activities.includes('post')) {
    if (agent.post_configuration.topics.length === 0) {
      context.addIssue({
        code: 'custom',
        message: AGENT_MESSAGES.topicsRequired,
        path: ['post_configuration', 'topics'],
      });
    }
    const interval = agent.post_configuration.interval;
    if (interval === null || interval < MIN_POST_INTERVAL_MINUTES) {
      context.addIssue({
        code: 'custom',
        message: AGENT_MESSAGES.intervalRequired,
        path: ['post_configuration', 'interval'],
      });
    }
  }
  checkMediaForClients(agent, context);
};

/**
 * Instagram and TikTok publish a picture or a video, YouTube a video: an agent posting there must make one. With both and no
 * media, YouTube's message alone is given: Video is the one choice that satisfies both (the form shows one message).
 */
const checkMediaForClients = (agent: AgentFields, context: z.RefinementCtx) => {
  const { clients } = agent.post_configuration;
  const path = ['post_configuration', 'clients'];
  if (clients.includes('youtube') && !agent.video)
    context.addIssue({ code: 'custom', message: AGENT_MESSAGES.youtubeNeedsVideo, path });
  else if (clients.includes('instagram') && !agent.meme && !agent.graphic && !agent.video)
    context.addIssue({ code: 'custom', message: AGENT_MESSAGES.instagramNeedsMedia, path });
  else if (clients.includes('tiktok') && !agent.meme && !agent.graphic && !agent.video)
    context.addIssue({ code: 'custom', message: AGENT_MESSAGES.tiktokNeedsMedia, path });
};

/** Where a new agent posts and replies when the caller leaves it out: newAgentClients, decided by the server. */
const omittableClients = z
  .array(z.enum(CLIENT_OPTIONS))
  .optional()
  .describe('Omitted: terminal and x when this server has X set up, else terminal alone.');

/**
 * A new agent as the API takes it: the agent's fields, with `clients` left to the server when omitted (an API caller
 * does not know whether this server can post to X; the form sends them).
 */
export const newAgentFieldsSchema = agentFieldsSchema.extend({
  post_configuration: postConfigurationSchema.extend({ clients: omittableClients }).prefault({}),
  chat_configuration: chatConfigurationSchema.extend({ clients: omittableClients }).prefault({}),
});
export type NewAgentFields = z.output<typeof newAgentFieldsSchema>;

/** A new agent's fields with the clients it omitted filled in. */
export const withClients = <Fields extends NewAgentFields>(
  fields: Fields,
  clients: readonly Client[],
): Omit<Fields, 'post_configuration' | 'chat_configuration'> & AgentFields => ({
  ...fields,
  post_configuration: { ...fields.post_configuration, clients: fields.post_configuration.clients ?? [...clients] },
  chat_configuration: { ...fields.chat_configuration, clients: fields.chat_configuration.clients ?? [...clients] },
});

/** The approval an agent's fields ask for: `approval`, or the older `review_before_posting` when it is omitted. */
export const approvalOf = (fields: Pick<AgentFields, 'approval' | 'review_before_posting'>): Approval =>
  fields.approval ?? (fields.review_before_posting ? 'one' : 'none');

/** Create: every field and every rule. */
export const agentInputSchema = agentFieldsSchema.superRefine((agent, context) => checkAgentRules(agent, context));

/** Edit: the same rules, with the credentials already saved on the agent counting as filled. */
export const agentUpdateSchema = (storedCredentials: Partial<Record<TwitterCredentialField, boolean>>) =>
  agentFieldsSchema.superRefine((agent, context) => checkAgentRules(agent, context, storedCredentials));

/** A training file as the API describes it: downloadable by its owner only. */
export const trainingFileSchema = z.object({ url: z.string(), name: z.string(), size: z.number() });
export type TrainingFile = z.infer<typeof trainingFileSchema>;

const credentialSetSchema = z.object({ is_set: z.boolean() });

/** An agent as the API answers it. Secrets never leave the server: only whether each one is set. */
export const agentSchema = agentFieldsSchema.omit({ twitter_credentials: true }).extend({
  id: z.string(),
  approval: z.enum(APPROVAL_OPTIONS),
  /** Deprecated: whether `approval` is other than `none`. */
  review_before_posting: z.boolean(),
  user_id: z.string(),
  image: z.string().nullable(),
  twitter_credentials: z.object({
    TWITTER_USERNAME: credentialSetSchema,
    TWITTER_EMAIL: credentialSetSchema,
    TWITTER_PASSWORD: credentialSetSchema,
    TWITTER_2FA_SECRET: credentialSetSchema,
  }),
  /** Spec §3: always an empty list (described as such: JSON Schema has no `never` items). */
  cookies: z.array(z.never()).meta({ type: 'array', maxItems: 0 }),
  trainingfiles: z.array(trainingFileSchema).nullable(),
  /** The LinkedIn account connected to this agent (platform connections): `urn:li:person:{sub}`. */
  linkedin_urn: z.string().nullable(),
  linkedin_connected: z.boolean(),
  /** The X account connected to this agent: its @username. */
  x_username: z.string().nullable(),
  x_connected: z.boolean(),
  /** Acts on its own neither by schedule nor by answering mentions until resumed (the Calendar, the AgentBoard). */
  paused: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agent = z.output<typeof agentSchema>;
