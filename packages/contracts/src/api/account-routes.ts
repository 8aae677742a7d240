import {
  accountExportSchema,
  accountMessageSchema,
  accountSessionsSchema,
  accountSettingsChangesSchema,
  accountSettingsSchema,
  changeEmailInputSchema,
  changePasswordInputSchema,
  deleteAccountInputSchema,
} from '../account-settings.ts';
import { SESSION_ONLY, SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/**
 * The signed-in person's own account: settings, password, e-mail, sessions, data export and deletion. Behind the
 * session only, never the membership gate: someone whose membership ended can still export and delete.
 */
export const accountRoutes = {
  settings: defineRoute({
    method: 'get',
    path: '/api/account/settings',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: null,
    summary: 'The account’s settings (which e-mails it gets)',
    responses: { 200: jsonContent(accountSettingsSchema, 'The settings'), ...errorResponses(401) },
  }),
  changeSettings: defineRoute({
    method: 'patch',
    path: '/api/account/settings',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: null,
    summary: 'Change some of the account’s settings',
    request: { body: { ...jsonContent(accountSettingsChangesSchema, 'The settings to change'), required: true } },
    responses: { 200: jsonContent(accountSettingsSchema, 'The settings as saved'), ...errorResponses(400, 401) },
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/api/account/password',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Change the password (the current one is checked); every other session is signed out',
    request: {
      body: { ...jsonContent(changePasswordInputSchema, 'The current and the new password'), required: true },
    },
    responses: { 200: jsonContent(accountMessageSchema, 'Changed'), ...errorResponses(400, 401, 429) },
  }),
  changeEmail: defineRoute({
    method: 'post',
    path: '/api/account/email',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Start changing the e-mail address: a link goes to the new address, which takes effect when opened',
    request: { body: { ...jsonContent(changeEmailInputSchema, 'The new address and the password'), required: true } },
    responses: { 200: jsonContent(accountMessageSchema, 'The link was sent'), ...errorResponses(400, 401, 409, 429) },
  }),
  sessions: defineRoute({
    method: 'get',
    path: '/api/account/sessions',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'How many other sessions (browsers, devices) are signed in to the account',
    responses: { 200: jsonContent(accountSessionsSchema, 'The sessions'), ...errorResponses(401) },
  }),
  revokeOtherSessions: defineRoute({
    method: 'post',
    path: '/api/account/sessions/revoke-others',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Sign out every session of the account but this one',
    responses: { 200: jsonContent(accountSessionsSchema, 'The sessions left'), ...errorResponses(401, 429) },
  }),
  exportData: defineRoute({
    method: 'get',
    path: '/api/account/export',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Everything of the account as one JSON download, its files embedded (base64)',
    responses: {
      200: jsonContent(accountExportSchema, 'The export (Content-Disposition: attachment)'),
      ...errorResponses(401),
    },
  }),
  deleteAccount: defineRoute({
    method: 'post',
    path: '/api/account/delete',
    security: SESSION_ONLY,
    [ACTION_KEY]: null,
    summary: 'Delete the account and everything of it (password asked); platform grants are revoked',
    request: { body: { ...jsonContent(deleteAccountInputSchema, 'The password, as confirmation'), required: true } },
    responses: { 200: jsonContent(accountMessageSchema, 'Deleted and signed out'), ...errorResponses(400, 401, 429) },
  }),
};
