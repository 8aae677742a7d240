import { z } from 'zod';
import {
  changeMemberRoleInputSchema,
  invitationPreviewSchema,
  inviteMemberInputSchema,
  workspaceInvitationSchema,
  workspaceListSchema,
  workspaceMembersSchema,
  workspaceSummarySchema,
} from '../workspaces.ts';
import {
  ACTION_KEY,
  PUBLIC,
  SESSION_ONLY,
  SESSION_OR_KEY,
  defineRoute,
  errorResponses,
  jsonContent,
} from './define-route.ts';

const memberParams = z.object({ userId: z.string().min(1).max(100) });
const invitationParams = z.object({ id: z.uuid({ error: 'No such invitation.' }) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Workspaces, their members and invitations (issue 36 §2). The routes under /api/workspace act in the request's
 * workspace (the `Agentcast-Workspace` header, or the person's own); an invitation is read by its link's token
 * without signing in, and accepted by the person it was sent to.
 */
export const workspacesRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/workspaces',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: null,
    summary: 'The workspaces the person belongs to, their own first, each with the person’s role',
    responses: { 200: jsonContent(workspaceListSchema, 'The workspaces'), ...errorResponses(401) },
  }),
  members: defineRoute({
    method: 'get',
    path: '/api/workspace/members',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'The workspace’s members and the invitations waiting for an answer',
    responses: { 200: jsonContent(workspaceMembersSchema, 'Members and invitations'), ...errorResponses(401, 404) },
  }),
  invite: defineRoute({
    method: 'post',
    path: '/api/workspace/invitations',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary:
      'Invite someone by e-mail with a role; the link works for 7 days (inviting the same address again renews it)',
    request: { body: { ...jsonContent(inviteMemberInputSchema, 'Their address and role'), required: true } },
    responses: {
      201: jsonContent(workspaceInvitationSchema, 'The invitation, sent'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  withdrawInvitation: defineRoute({
    method: 'delete',
    path: '/api/workspace/invitations/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary: 'Withdraw an invitation: its link stops working',
    request: { params: invitationParams },
    responses: { 204: { description: 'Withdrawn' }, ...errorResponses(401, 403, 404) },
  }),
  changeRole: defineRoute({
    method: 'patch',
    path: '/api/workspace/members/{userId}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary: 'Change a member’s role (owners alone make or unmake owners; the last owner stays one)',
    request: {
      params: memberParams,
      body: { ...jsonContent(changeMemberRoleInputSchema, 'The new role'), required: true },
    },
    responses: { 204: { description: 'Changed' }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  removeMember: defineRoute({
    method: 'delete',
    path: '/api/workspace/members/{userId}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'members.write',
    summary: 'Remove a member (never the last owner); their API keys for this workspace stop working',
    request: { params: memberParams },
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
  }),
  leave: defineRoute({
    method: 'post',
    path: '/api/workspace/leave',
    security: SESSION_ONLY,
    [ACTION_KEY]: 'read',
    summary: 'Leave the workspace (its last owner cannot)',
    responses: { 204: { description: 'Left' }, ...errorResponses(401, 403, 404, 409) },
  }),
  previewInvitation: defineRoute({
    method: 'get',
    path: '/api/invitations/{token}',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'What an invitation’s link offers: the workspace, the role and the address it was sent to',
    request: { params: tokenParams },
    responses: { 200: jsonContent(invitationPreviewSchema, 'The invitation'), ...errorResponses(404, 429) },
  }),
  acceptInvitation: defineRoute({
    method: 'post',
    path: '/api/invitations/{token}/accept',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Accept an invitation as the signed-in person it was sent to: they join the workspace with its role',
    request: { params: tokenParams },
    responses: {
      200: jsonContent(workspaceSummarySchema, 'The workspace joined'),
      ...errorResponses(401, 403, 404),
    },
  }),
};
