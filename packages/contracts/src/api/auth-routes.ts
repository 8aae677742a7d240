import { z } from 'zod';
import {
  resendVerificationInputSchema,
  sessionSchema,
  sessionUserSchema,
  signInInputSchema,
  signUpInputSchema,
} from '../auth.ts';
import {
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
  revertEmailChangeInputSchema,
} from '../password-reset.ts';
import { PUBLIC, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

const messageAnswer = (description: string) => jsonContent(z.object({ message: z.string() }), description);

/**
 * Every route under /api/auth (routes/auth.routes.ts): validated and throttled by us, answered by better-auth behind.
 * Nothing else of better-auth's is reachable (decision 022): its other endpoints would skip our checks.
 */
export const authRoutes = {
  signUp: defineRoute({
    method: 'post',
    path: '/api/auth/sign-up/email',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Create an account; a verification link is e-mailed',
    request: { body: { ...jsonContent(signUpInputSchema, 'E-mail and password'), required: true } },
    responses: {
      200: messageAnswer('Created; check the inbox'),
      ...errorResponses(400, 409, 413, 429),
    },
  }),
  signIn: defineRoute({
    method: 'post',
    path: '/api/auth/sign-in/email',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Sign in; the session is set as an HttpOnly cookie',
    request: { body: { ...jsonContent(signInInputSchema, 'E-mail and password'), required: true } },
    responses: {
      200: jsonContent(z.object({ user: sessionUserSchema }), 'Signed in'),
      ...errorResponses(400, 401, 403, 413, 429),
    },
  }),
  getSession: defineRoute({
    method: 'get',
    path: '/api/auth/get-session',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'The signed-in user, or null',
    responses: { 200: jsonContent(sessionSchema, 'The session, without its token') },
  }),
  verifyEmail: defineRoute({
    method: 'get',
    path: '/api/auth/verify-email',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'The link of the verification e-mail: verifies the address, then goes to the callback (the login screen)',
    request: {
      query: z.object({
        token: z.string().min(1, 'The link has no token'),
        // A path of this site only: the answer redirects there.
        callbackURL: z
          .string()
          .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'callbackURL must be a path of this site')
          .optional(),
      }),
    },
    responses: {
      302: { description: 'To the callback, with `error` when the link is invalid or expired' },
      ...errorResponses(400),
    },
  }),
  signOut: defineRoute({
    method: 'post',
    path: '/api/auth/sign-out',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'End the session',
    request: { body: jsonContent(z.object({}), 'Nothing') },
    responses: { 200: jsonContent(z.object({ success: z.boolean() }), 'Signed out') },
  }),
  resendVerification: defineRoute({
    method: 'post',
    path: '/api/auth/resend-verification',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Mail a new verification link (the same answer whether or not the address has an unverified account)',
    request: { body: { ...jsonContent(resendVerificationInputSchema, 'The address signed up with'), required: true } },
    responses: { 200: messageAnswer('Sent if there is an account to verify'), ...errorResponses(400, 413, 429) },
  }),
  requestPasswordReset: defineRoute({
    method: 'post',
    path: '/api/auth/request-password-reset',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Mail a link to choose a new password (the same answer whether or not the address has an account)',
    request: { body: { ...jsonContent(requestPasswordResetInputSchema, 'The account’s e-mail'), required: true } },
    responses: { 200: messageAnswer('Sent if the account exists'), ...errorResponses(400, 413, 429) },
  }),
  resetPassword: defineRoute({
    method: 'post',
    path: '/api/auth/reset-password',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Choose a new password with the token of a reset link; every session is signed out',
    request: {
      body: {
        ...jsonContent(resetPasswordInputSchema, 'The token, the new password, whether to revoke API keys'),
        required: true,
      },
    },
    responses: { 200: messageAnswer('Changed'), ...errorResponses(400, 413) },
  }),
  revertEmailChange: defineRoute({
    method: 'post',
    path: '/api/auth/revert-email-change',
    security: PUBLIC,
    [ACTION_KEY]: null,
    summary: 'Put back the address an e-mail change replaced (the link mailed to it); every session is signed out',
    request: { body: { ...jsonContent(revertEmailChangeInputSchema, 'The token of the link'), required: true } },
    responses: { 200: messageAnswer('Restored; a reset link was mailed'), ...errorResponses(400, 409, 413) },
  }),
};
