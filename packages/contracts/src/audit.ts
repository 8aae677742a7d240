import { z } from 'zod';

/**
 * What the workspace's audit log records (issue 36 §5): who created, edited, approved, rejected, published, deleted,
 * connected or disconnected what, and when. Each is written in the same transaction as the change it records, so
 * the log never names a change that did not happen, nor misses one that did.
 */
export const AUDIT_ACTIONS = [
  'agent.created',
  'agent.edited',
  'agent.paused',
  'agent.resumed',
  'agent.deleted',
  'post.composed',
  'draft.edited',
  'draft.approved',
  'draft.rejected',
  'draft.changes_requested',
  'post.published',
  'post.deleted',
  'connection.connected',
  'connection.disconnected',
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.deleted',
  'client_link.created',
  'client_link.revoked',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The verb of each action, after the actor's name: "Ann created the agent". */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'agent.created': 'created the agent',
  'agent.edited': 'edited the agent',
  'agent.paused': 'paused the agent',
  'agent.resumed': 'resumed the agent',
  'agent.deleted': 'deleted the agent',
  'post.composed': 'wrote a post for',
  'draft.edited': 'edited a draft of',
  'draft.approved': 'approved a draft of',
  'draft.rejected': 'rejected a draft of',
  'draft.changes_requested': 'requested changes to a draft of',
  'post.published': 'published a post on',
  'post.deleted': 'deleted a published post of',
  'connection.connected': 'connected',
  'connection.disconnected': 'disconnected',
  'member.invited': 'invited',
  'member.joined': 'joined the workspace as',
  'member.role_changed': 'changed the role of',
  'member.removed': 'removed',
  'api_key.created': 'created the API key',
  'api_key.revoked': 'revoked the API key',
  'webhook.created': 'added the webhook endpoint',
  'webhook.deleted': 'deleted the webhook endpoint',
  'client_link.created': 'shared an approval link with',
  'client_link.revoked': 'revoked the approval link of',
};

/** The log's filter groups the actions by what they are done to (the part before the dot), in this order. */
const GROUPED_SUBJECTS: { label: string; subjects: string[] }[] = [
  { label: 'Agents', subjects: ['agent'] },
  { label: 'Posts and drafts', subjects: ['post', 'draft'] },
  { label: 'Connections', subjects: ['connection'] },
  { label: 'Members', subjects: ['member'] },
  { label: 'Keys, webhooks and client links', subjects: ['api_key', 'webhook', 'client_link'] },
];

export const AUDIT_ACTION_GROUPS: { label: string; actions: AuditAction[] }[] = GROUPED_SUBJECTS.map(
  ({ label, subjects }) => ({
    label,
    actions: AUDIT_ACTIONS.filter((action) => subjects.includes(action.slice(0, action.indexOf('.')))),
  }),
);

/** Who did it: a member (perhaps with one of their API keys), a client by their approval link, or an agent. */
export const AUDIT_ACTOR_KINDS = ['person', 'client', 'agent'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const auditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    name: z.string(),
    /** The member's user id; null for a client, an agent, or a member who has since deleted their account. */
    user_id: z.string().nullable(),
    /** The API key the member acted with, by its name; null when they acted in the app. */
    api_key: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTIONS),
  /** What it was done to, by its name at the time (an agent's, an account's, a member's, a key's). */
  subject: z.object({ id: z.string().nullable(), name: z.string() }),
  /** A few more words, e.g. the platforms of a published post or a role's change. */
  detail: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_CSV_MAX_ROWS = 100_000;

export const AUDIT_MESSAGES = {
  invalidAction: 'Choose one of the audit log’s actions.',
  invalidTime: 'Give the time as an ISO 8601 date-time, e.g. 2026-11-30T09:00:00Z.',
  invalidRange: 'The start of the period is after its end.',
  invalidCursor: 'This page of the audit log is no longer valid: load the log again.',
};

const instant = z.iso.datetime({ offset: true, error: AUDIT_MESSAGES.invalidTime });

/** The log's filters: one action, one member, a period. */
const auditFilters = {
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.invalidAction }).optional(),
  /** A member's user id: what they did. */
  actor: z.string().min(1).max(100).optional(),
  since: instant.optional(),
  until: instant.optional(),
};

const inOrder = ({ since, until }: { since?: string; until?: string }) =>
  !since || !until || new Date(since) <= new Date(until);
const rangeError = { message: AUDIT_MESSAGES.invalidRange, path: ['until'] };

export const auditQuerySchema = z.object(auditFilters).refine(inOrder, rangeError);
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The filters, and where the page starts. */
export const auditPageQuerySchema = z
  .object({
    ...auditFilters,
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .refine(inOrder, rangeError);
export type AuditPageQuery = z.output<typeof auditPageQuerySchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `cursor` for the older events; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The CSV file's columns, in order. */
export const AUDIT_CSV_COLUMNS = ['time', 'actor', 'api_key', 'action', 'subject', 'detail'] as const;
