import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ConnectablePlatform } from '@agentcast/contracts/connections';
import { agent } from './agents.ts';
import { user } from './auth.ts';
import { workspace } from './workspaces.ts';

/**
 * An account on a social platform that a user connected (by OAuth, or with the account's own credentials). Made on /agent-builder it is the user's own
 * (agent_id null) and serves every agent of theirs that has none; made from an agent form it belongs to that
 * agent. Tokens are stored only sealed (core/secrets/secret-box.ts) and never leave the server.
 */
export const platformConnection = pgTable(
  'platform_connection',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agent.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<ConnectablePlatform>().notNull(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    /** When the access token stops working; null when the provider gave no expiry. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** LinkedIn `urn:li:person:{sub}`, the Instagram user id, the YouTube channel id, the X user id, the Bluesky DID. */
    accountId: text('account_id').notNull(),
    displayName: text('display_name').notNull(),
    handle: text('handle'),
    /** The account's own server where a network has many (a Bluesky PDS); null: the platform's one API. */
    serviceUrl: text('service_url'),
    /**
     * Why the platform stopped accepting this connection (its grant revoked or expired, a 401), in words for the
     * person; set when that is found, cleared when the access works again or is connected anew. Null: it works.
     */
    reconnectReason: text('reconnect_reason'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Set while the connection waits for an agent that the Create Agent form has not saved yet; creating the agent
     * claims it (agent_id set, this cleared). Unclaimed ones are deleted after this time.
     */
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One account per platform for the user's own connections, and one per platform for each agent. Two partial
    // indexes rather than NULLS NOT DISTINCT: pending rows (agent_id null too) must not collide with either.
    uniqueIndex('platform_connection_workspace_platform_uq')
      .on(table.workspaceId, table.platform)
      .where(sql`${table.agentId} IS NULL AND ${table.pendingUntil} IS NULL`),
    uniqueIndex('platform_connection_agent_platform_uq')
      .on(table.agentId, table.platform)
      .where(sql`${table.agentId} IS NOT NULL`),
    index('platform_connection_workspace_idx').on(table.workspaceId),
  ],
);

export type PlatformConnectionRow = typeof platformConnection.$inferSelect;

/** Who a finished OAuth round trip connects the account for. */
export type OAuthFlowTarget = 'user' | 'agent' | 'new_agent';

/**
 * An OAuth round trip in progress: the server's half of the state check. Single use (the exchange deletes it),
 * bound to the user who started it, and forgotten after OAUTH_FLOW_LIFETIME_MS.
 */
export const oauthFlow = pgTable(
  'oauth_flow',
  {
    state: text('state').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace the flow's connection lands in; `user_id` is the person who started it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agent.id, { onDelete: 'cascade' }),
    target: text('target').$type<OAuthFlowTarget>().notNull(),
    platform: text('platform').$type<ConnectablePlatform>().notNull(),
    /** The PKCE verifier, sealed; null for providers without PKCE. */
    codeVerifierSealed: text('code_verifier_sealed'),
    redirectUri: text('redirect_uri').notNull(),
    /** The person's own server the round trip goes through (a Mastodon instance); null for one-server platforms. */
    serviceUrl: text('service_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_flow_expires_idx').on(table.expiresAt)],
);

/**
 * A sign-in that granted several accounts to act as (a person's Facebook Pages), waiting for the person to choose
 * one: made when the OAuth code is exchanged, used once by the choice (deleted as it is read), gone at `expires_at`.
 * The accounts and their tokens are one sealed JSON; the person's own token is not kept.
 */
export const oauthAccountChoice = pgTable(
  'oauth_account_choice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace the flow's connection lands in; `user_id` is the person who started it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agent.id, { onDelete: 'cascade' }),
    target: text('target').$type<OAuthFlowTarget>().notNull(),
    platform: text('platform').$type<ConnectablePlatform>().notNull(),
    /** `{ accounts: [{ accountId, displayName, handle, accessToken }], scopes }`, sealed. */
    grantSealed: text('grant_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_account_choice_expires_idx').on(table.expiresAt)],
);

/**
 * This server as an app registered on a Mastodon instance (`POST /api/v1/apps`), made the first time someone
 * connects from that instance and reused by everyone after: an instance's app is per redirect URI, so a server
 * moved to another PUBLIC_URL registers again. The client secret is sealed like every token.
 */
export const mastodonApp = pgTable(
  'mastodon_app',
  {
    instanceUrl: text('instance_url').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.instanceUrl, table.redirectUri] })],
);

/**
 * A Farcaster connection waiting for the person to approve this server's key (a Neynar signer) in their Farcaster
 * app. Bound to the user who asked, single use (approval turns it into a connection and deletes it), forgotten when
 * Farcaster's own deadline for the request passes. The signer's id is what posts as the person: sealed.
 */
export const farcasterSignerRequest = pgTable(
  'farcaster_signer_request',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The workspace the flow's connection lands in; `user_id` is the person who started it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').references(() => agent.id, { onDelete: 'cascade' }),
    target: text('target').$type<OAuthFlowTarget>().notNull(),
    signerUuidSealed: text('signer_uuid_sealed').notNull(),
    approvalUrl: text('approval_url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('farcaster_signer_request_user_idx').on(table.userId)],
);
