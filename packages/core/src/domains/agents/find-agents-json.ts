import { sql } from 'drizzle-orm';
import { TWITTER_CREDENTIAL_FIELDS } from '@agentcast/contracts/agents';
import { queryRows } from '@agentcast/db/query-rows';
import type { AgentServices } from './agent-services.ts';

const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const credentialFlags = sql.raw(
  `json_build_object(${TWITTER_CREDENTIAL_FIELDS.map((field) => `'${field}', json_build_object('is_set', '${field}' = ANY(a.twitter_credentials_set))`).join(', ')})`,
);

/**
 * The user's agents, newest first, as the JSON text the API answers: the database renders it, so the list (the
 * hottest read of the dashboard) skips row parsing, mapping and serialising in Node. It must equal
 * JSON.stringify of toAgentResource for every row — agents.routes.test.ts compares the two.
 */
export const findAgentsJson = async (
  { db, storage }: Pick<AgentServices, 'db' | 'storage'>,
  { userId }: { userId: string },
) => {
  const [row] = await queryRows<{ agents: string }>(
    db,
    agentsJsonQuery({ userId, imageBaseUrl: storage.publicImageBaseUrl }),
  );
  return row?.agents ?? '[]';
};

/** The query alone (one row, one text column "agents"), also run straight through `pg` by the benchmark. */
export const agentsJsonQuery = ({ userId, imageBaseUrl }: { userId: string; imageBaseUrl: string }) => sql`
    SELECT coalesce(json_agg(json_build_object(
      'id', a.id, 'user_id', a.user_id, 'name', a.name, 'description', a.description, 'prompt', a.prompt,
      'image', ${imageBaseUrl}::text || a.image_path,
      'model', a.model, 'sample_posts', a.sample_posts, 'sample_questions', a.sample_questions,
      'data_sources', a.data_sources, 'activities', a.activities,
      'post_configuration', a.post_configuration, 'chat_configuration', a.chat_configuration,
      'twitter_credentials', ${credentialFlags},
      'cookies', a.cookies, 'custom_context', a.custom_context,
      'trainingfiles', (
        SELECT json_agg(json_build_object(
          'url', '/api/agents/' || a.id || '/trainingfiles/' || regexp_replace(file->>'path', '^.*/', ''),
          'name', file->>'name',
          'size', (file->>'size')::bigint
        ))
        FROM jsonb_array_elements(a.trainingfiles) AS file
      ),
      'meme', a.meme, 'graphic', a.graphic, 'video', a.video,
      'review_before_posting', a.review_before_posting, 'monthly_budget_usd', a.monthly_budget_usd,
      'x_threads', a.x_threads, 'video_privacy', a.video_privacy,
      'linkedin_urn', (SELECT c.account_id FROM platform_connection AS c WHERE c.agent_id = a.id AND c.platform = 'linkedin'),
      'linkedin_connected', EXISTS (SELECT 1 FROM platform_connection AS c WHERE c.agent_id = a.id AND c.platform = 'linkedin'),
      'x_username', (SELECT coalesce(c.handle, c.account_id) FROM platform_connection AS c WHERE c.agent_id = a.id AND c.platform = 'x'),
      'x_connected', EXISTS (SELECT 1 FROM platform_connection AS c WHERE c.agent_id = a.id AND c.platform = 'x'),
      'paused', a.paused,
      'created_at', to_char(a.created_at AT TIME ZONE 'UTC', ${sql.raw(ISO_UTC)}),
      'updated_at', to_char(a.updated_at AT TIME ZONE 'UTC', ${sql.raw(ISO_UTC)})
    ) ORDER BY a.created_at DESC, a.id DESC), '[]')::text AS agents
    FROM agent AS a
    WHERE a.user_id = ${userId}
  `;
