import { accountSettingsChangesSchema, accountSettingsSchema } from '../account-settings.ts';
import { defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** The signed-in person's own account: their settings. */
export const accountRoutes = {
  settings: defineRoute({
    method: 'get',
    path: '/api/account/settings',
    summary: 'The account’s settings (which e-mails it gets)',
    responses: { 200: jsonContent(accountSettingsSchema, 'The settings'), ...errorResponses(401) },
  }),
  changeSettings: defineRoute({
    method: 'patch',
    path: '/api/account/settings',
    summary: 'Change some of the account’s settings',
    request: { body: { ...jsonContent(accountSettingsChangesSchema, 'The settings to change'), required: true } },
    responses: { 200: jsonContent(accountSettingsSchema, 'The settings as saved'), ...errorResponses(400, 401) },
  }),
};
