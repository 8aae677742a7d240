import { z } from 'zod';
import { draftSchema } from './drafts.ts';

/** How long a client's approval link works (issue 36 §4). */
export const CLIENT_LINK_LIFETIME_DAYS = 30;

export const CLIENT_LINK_MESSAGES = {
  clientNameRequired: 'Name the client this link is for (1 to 80 characters).',
  notFound: 'No such client link in this workspace.',
  invalid:
    'This approval link no longer works: it was revoked, it is older than 30 days, or it was copied wrong. Ask the team for a new one.',
  notWaitingForClient: 'This draft no longer waits for your approval.',
  commentRequired: 'Say what to change (up to 2,000 characters).',
  changesRequested: (client: string, comment: string) => `Changes requested by ${client}: ${comment}`,
  approvedByClient: (client: string) => `Approved by ${client} (client)`,
} as const;

/** A client's link as the workspace's settings list it; its URL is shown once, when it is made. */
export const clientLinkSchema = z.object({
  id: z.string(),
  client_name: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type ClientLink = z.infer<typeof clientLinkSchema>;

/** POST /api/workspace/client-links: a link for this client (replacing the one they had). */
export const clientLinkInputSchema = z.object({
  client_name: z
    .string(CLIENT_LINK_MESSAGES.clientNameRequired)
    .trim()
    .min(1, CLIENT_LINK_MESSAGES.clientNameRequired)
    .max(80, CLIENT_LINK_MESSAGES.clientNameRequired),
});

export const newClientLinkSchema = z.object({ link: clientLinkSchema, url: z.string() });

/** A draft as its client sees it: the post and where it goes, nothing else of the workspace. */
export const clientDraftSchema = draftSchema.pick({
  id: true,
  text: true,
  media: true,
  platforms: true,
  platform_texts: true,
  publish_at: true,
  x_threads: true,
  thread_breaks: true,
  agent: true,
});
export type ClientDraft = z.infer<typeof clientDraftSchema>;

/** GET /api/client-approvals/{token}: what the client's page shows. */
export const clientApprovalPageSchema = z.object({
  workspace_name: z.string(),
  client_name: z.string(),
  drafts: z.array(clientDraftSchema),
});
export type ClientApprovalPage = z.infer<typeof clientApprovalPageSchema>;

/** POST /api/client-approvals/{token}/drafts/{id}/request-changes */
export const changeRequestSchema = z.object({
  comment: z
    .string(CLIENT_LINK_MESSAGES.commentRequired)
    .trim()
    .min(1, CLIENT_LINK_MESSAGES.commentRequired)
    .max(2000, CLIENT_LINK_MESSAGES.commentRequired),
});
