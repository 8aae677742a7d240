import { z } from 'zod';
import {
  connectionsOverviewSchema,
  credentialConnectInputSchema,
  disconnectAnswerSchema,
  oauthExchangeAnswerSchema,
  oauthExchangeInputSchema,
  oauthStartAnswerSchema,
  oauthStartInputSchema,
} from '../connections.ts';
import { oauthChooseInputSchema, oauthExchangeResultSchema } from '../oauth-account-choice.ts';
import {
  farcasterSignerRequestSchema,
  farcasterSignerStartInputSchema,
  farcasterSignerStatusSchema,
} from '../farcaster-signer.ts';
import { tiktokCreatorSchema } from '../tiktok-creator.ts';
import { SESSION_OR_KEY, ACTION_KEY, defineRoute, errorResponses, jsonContent } from './define-route.ts';

/** Connecting platform accounts: the OAuth round trip's server half, and the connections made. */
export const connectionsRoutes = {
  list: defineRoute({
    method: 'get',
    path: '/api/connections',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'read',
    summary: 'Which platforms this server can connect, and the account’s connections (or one agent’s)',
    request: { query: z.object({ agent: z.string().optional() }) },
    responses: {
      200: jsonContent(connectionsOverviewSchema, 'Platforms and connections'),
      ...errorResponses(401, 403, 404),
    },
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/connections/{id}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'Disconnect, revoking the grant at the provider where it allows',
    request: { params: z.object({ id: z.string() }) },
    responses: { 200: jsonContent(disconnectAnswerSchema, 'Disconnected'), ...errorResponses(401, 403, 404) },
  }),
  startOAuth: defineRoute({
    method: 'post',
    path: '/api/oauth/start',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'The provider’s authorization URL, and the state the browser keeps for the round trip',
    request: {
      body: { ...jsonContent(oauthStartInputSchema, 'The platform, and the agent it is for'), required: true },
    },
    responses: {
      200: jsonContent(oauthStartAnswerSchema, 'Where to send the popup'),
      ...errorResponses(400, 401, 403, 404, 409, 429, 502),
    },
  }),
  exchangeOAuth: defineRoute({
    method: 'post',
    path: '/api/oauth/exchange',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'Exchange the authorization code (spec §7) and keep the tokens, encrypted, on the server',
    request: { body: { ...jsonContent(oauthExchangeInputSchema, 'What the provider sent back'), required: true } },
    responses: {
      200: jsonContent(
        oauthExchangeResultSchema,
        'The account connected (never a token), or the accounts the sign-in offers to choose from',
      ),
      ...errorResponses(400, 401, 403, 404, 409, 502),
    },
  }),
  chooseOAuthAccount: defineRoute({
    method: 'post',
    path: '/api/oauth/choose',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'Connect the account chosen among those a sign-in offered (a Facebook Page)',
    request: { body: { ...jsonContent(oauthChooseInputSchema, 'The choice and the account'), required: true } },
    responses: {
      200: jsonContent(oauthExchangeAnswerSchema, 'The account connected (never a token)'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  connectWithCredentials: defineRoute({
    method: 'post',
    path: '/api/connections/credentials',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary:
      'Connect an account with its own credentials (Bluesky: handle and app password), checked with the platform',
    request: {
      body: {
        ...jsonContent(credentialConnectInputSchema, 'The platform, the credentials, and the agent it is for'),
        required: true,
      },
    },
    responses: {
      200: jsonContent(oauthExchangeAnswerSchema, 'The account connected (never a credential)'),
      ...errorResponses(400, 401, 403, 404, 409, 429, 502),
    },
  }),
  startFarcaster: defineRoute({
    method: 'post',
    path: '/api/connections/farcaster',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'A key for the person to approve in their Farcaster app: its link and QR code',
    request: {
      body: { ...jsonContent(farcasterSignerStartInputSchema, 'The agent it is for, if any'), required: true },
    },
    responses: {
      200: jsonContent(farcasterSignerRequestSchema, 'The approval link, its QR code and until when it is valid'),
      ...errorResponses(400, 401, 403, 404, 409, 429, 502),
    },
  }),
  checkFarcaster: defineRoute({
    method: 'get',
    path: '/api/connections/farcaster/{requestId}',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'connections.write',
    summary: 'Whether the person approved the key: waiting, connected (the account), or over',
    request: { params: z.object({ requestId: z.string() }) },
    responses: {
      200: jsonContent(farcasterSignerStatusSchema, 'Where the approval stands'),
      ...errorResponses(401, 403, 404, 409, 429, 502),
    },
  }),
  tiktokCreator: defineRoute({
    method: 'get',
    path: '/api/connections/tiktok/creator',
    security: SESSION_OR_KEY,
    [ACTION_KEY]: 'compose',
    summary:
      'What the agent’s next TikTok post goes out with (creator_info, read now): the account, who can watch, the interaction settings and the longest video',
    request: { query: z.object({ agent: z.string() }) },
    responses: {
      200: jsonContent(tiktokCreatorSchema, 'The settings, or why they cannot be read'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};
