import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { TWITTER_CREDENTIAL_FIELDS } from '@agentcast/contracts/agents';
import { AGENTS_PAGE_SIZE } from '@agentcast/contracts/agents-page';
import { queryRows } from '@agentcast/db/query-rows';
import type { AgentServices } from './agent-services.ts';
import { decodeAgentsCursor, encodeAgentsCursor, type AgentsCursor } from './agents-page-cursor.ts';

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** The cursor keeps the creation time to the microsecond, as the column does. */
const ISO_UTC_MICROSECONDS = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

const credentialFlags = sql.raw(
  `json_build_object(${TWITTER_CREDENTIAL_FIELDS.map((field) => `'${field}', json_build_object('is_set', '${field}' = ANY(a.twitter_credentials_set))`).join(', ')})`,
);

type AgentsPageQueryOptions = {
  workspaceId: string;
  imageBaseUrl: string;
  cursor?: AgentsCursor;
  limit: number;
  /** Fingerprints whose page the caller already holds: when the page still has one of them, no JSON is built. */
  knownFingerprints?: readonly string[];
};

/**
 * One page of the user's agents in one statement, as a single row:
 * - `fingerprint`: md5 of what decides the page's content — each shown agent's id and row version (`xmin`, new on
 *   every UPDATE, whatever column it touched), the versions of the platform connections shown with it, and whether
 *   another page follows. Cheap: ids and numbers, no JSON.
 * - `agents`: the page as JSON text, rendered by the database (the list is the dashboard's hottest read, so Node
 *   never parses, maps or serialises rows), or null without building anything when the fingerprint is one of
 *   `knownFingerprints` (the one-time filter of the subquery is false, so its plan is never executed).
 * - `last_created_at`, `last_id`: where the next page starts, when one follows.
 * The connections are read with one aggregate over the page's agents (not four lookups per agent), and the page is
 * read from agent_user_created_idx in order, stopping after `limit + 1` rows.
 * Each agent must equal JSON.stringify of toAgentResource — agents.routes.test.ts compares the two.
 */
export const agentsPageQuery = ({
  workspaceId,
  imageBaseUrl,
  cursor,
  limit,
  knownFingerprints = [],
}: AgentsPageQueryOptions) => sql`
    WITH page AS MATERIALIZED (
      SELECT a.*, a.xmin::text AS row_version
      FROM agent AS a
      WHERE a.workspace_id = ${workspaceId}
        ${cursor ? sql`AND (a.created_at, a.id) < (${cursor.createdAt}::timestamptz, ${cursor.agentId}::uuid)` : sql``}
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${limit + 1}
    ),
    shown AS MATERIALIZED (
      SELECT * FROM page ORDER BY created_at DESC, id DESC LIMIT ${limit}
    ),
    connection AS MATERIALIZED (
      SELECT c.agent_id,
        max(c.account_id) FILTER (WHERE c.platform = 'linkedin') AS linkedin_urn,
        max(coalesce(c.handle, c.account_id)) FILTER (WHERE c.platform = 'x') AS x_username,
        string_agg(c.id::text || ':' || c.xmin::text, ',' ORDER BY c.id) AS versions
      FROM platform_connection AS c
      WHERE c.agent_id IN (SELECT id FROM shown)
      GROUP BY c.agent_id
    ),
    fingerprint AS (
      SELECT md5(
        coalesce(string_agg(s.id::text || ':' || s.row_version || ':' || coalesce(k.versions, ''), ','
          ORDER BY s.created_at DESC, s.id DESC), '')
        || CASE WHEN (SELECT count(*) FROM page) > ${limit} THEN '+' ELSE '' END
      ) AS value
      FROM shown AS s LEFT JOIN connection AS k ON k.agent_id = s.id
    )
    SELECT f.value AS fingerprint,
      (SELECT json_agg(json_build_object(
        'id', a.id, 'user_id', a.workspace_id, 'name', a.name, 'description', a.description, 'prompt', a.prompt,
        'image', ${imageBaseUrl}::text || a.image_path,
        'model', a.model, 'sample_posts', a.sample_posts, 'sample_questions', a.sample_questions,
        'data_sources', a.data_sources, 'activities', a.activities,
        'post_configuration', a.post_configuration, 'chat_configuration', a.chat_configuration,
        'reply_guards', a.reply_guards,
        'twitter_credentials', ${credentialFlags},
        'cookies', a.cookies, 'custom_context', a.custom_context,
        'trainingfiles', CASE WHEN jsonb_array_length(a.trainingfiles) > 0 THEN (
          SELECT json_agg(json_build_object(
            'url', '/api/agents/' || a.id || '/trainingfiles/' || regexp_replace(file->>'path', '^.*/', ''),
            'name', file->>'name',
            'size', (file->>'size')::bigint
          ))
          FROM jsonb_array_elements(a.trainingfiles) AS file
        ) END,
        'meme', a.meme, 'graphic', a.graphic, 'video', a.video,
        'approval', a.approval, 'review_before_posting', a.approval <> 'none', 'monthly_budget_usd', a.monthly_budget_usd,
        'x_threads', a.x_threads, 'video_privacy', a.video_privacy, 'farcaster_channel', a.farcaster_channel,
        'linkedin_urn', k.linkedin_urn,
        'linkedin_connected', k.linkedin_urn IS NOT NULL,
        'x_username', k.x_username,
        'x_connected', k.x_username IS NOT NULL,
        'paused', a.paused,
        'created_at', to_char(a.created_at AT TIME ZONE 'UTC', ${sql.raw(ISO_UTC)}),
        'updated_at', to_char(a.updated_at AT TIME ZONE 'UTC', ${sql.raw(ISO_UTC)})
      ) ORDER BY a.created_at DESC, a.id DESC)::text
      FROM shown AS a LEFT JOIN connection AS k ON k.agent_id = a.id
      WHERE NOT (f.value = ANY (string_to_array(${knownFingerprints.join(',')}::text, ',')))
      ) AS agents,
      last.created_at AS last_created_at, last.id AS last_id
    FROM fingerprint AS f
    LEFT JOIN (
      SELECT to_char(s.created_at AT TIME ZONE 'UTC', ${sql.raw(ISO_UTC_MICROSECONDS)}) AS created_at, s.id::text AS id
      FROM shown AS s
      WHERE (SELECT count(*) FROM page) > ${limit}
      ORDER BY s.created_at ASC, s.id ASC
      LIMIT 1
    ) AS last ON true
  `;

/**
 * Names the shape of the answer: a hash of the query's own text and of the image addresses, so that a release
 * that changes what a page looks like (or a new PUBLIC_URL) never answers 304 to a copy in the old shape.
 */
export const agentsPageFormat = (imageBaseUrl: string) =>
  createHash('sha256')
    .update(new PgDialect().sqlToQuery(agentsPageQuery({ workspaceId: '', imageBaseUrl: '', limit: 1 })).sql)
    .update(imageBaseUrl)
    .digest('hex')
    .slice(0, 12);

export type AgentsPageRead = {
  fingerprint: string;
  /** The answer's JSON text; undefined when the page still has one of the known fingerprints (nothing built). */
  body?: string;
};

type FindAgentsPageOptions = {
  workspaceId: string;
  /** The `next_cursor` of the previous page (checked: a bad one is a VALIDATION_FAILED). */
  cursor?: string;
  limit?: number;
  knownFingerprints?: readonly string[];
};

/** A page of the user's agents, newest first, as the JSON text the API answers (see agentsPageQuery). */
export const findAgentsPage = async (
  { db, storage }: Pick<AgentServices, 'db' | 'storage'>,
  { workspaceId, cursor, limit = AGENTS_PAGE_SIZE, knownFingerprints = [] }: FindAgentsPageOptions,
): Promise<AgentsPageRead> => {
  const [row] = await queryRows<{
    fingerprint: string;
    agents: string | null;
    last_created_at: string | null;
    last_id: string | null;
  }>(
    db,
    agentsPageQuery({
      workspaceId,
      imageBaseUrl: storage.publicImageBaseUrl,
      cursor: cursor === undefined ? undefined : decodeAgentsCursor(cursor),
      limit,
      knownFingerprints,
    }),
  );
  if (!row) throw new Error('the agents page query answers one row');
  if (knownFingerprints.includes(row.fingerprint)) return { fingerprint: row.fingerprint };
  const nextCursor =
    row.last_created_at && row.last_id
      ? encodeAgentsCursor({ createdAt: row.last_created_at, agentId: row.last_id })
      : null;
  return {
    fingerprint: row.fingerprint,
    body: `{"agents":${row.agents ?? '[]'},"next_cursor":${JSON.stringify(nextCursor)}}`,
  };
};
