import { approvalOf, TWITTER_CREDENTIAL_FIELDS, type Agent, type AgentFields } from '@agentcast/contracts/agents';
import type { AgentRow } from '@agentcast/db/schema/agents';
import type { SecretBox } from '../../integrations/secrets/secret-box.ts';
import type { StorageDriver } from '../../integrations/storage/storage-driver.ts';
import type { AgentConnectionSummary } from './find-agent-connections.ts';
import { sealTwitterCredentials } from './twitter-credentials.ts';

/** The last segment of a training file's storage path: its id in URLs. */
export const trainingFileId = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const trainingFileUrl = (agentId: string, path: string) =>
  `/api/agents/${agentId}/trainingfiles/${trainingFileId(path)}`;

/**
 * A stored agent as the API answers it: spec §3 names, URLs instead of paths, and no secret in any form.
 * `connections`: the accounts connected to this agent itself (find-agent-connections.ts).
 */
export const toAgentResource = (
  row: AgentRow,
  { storage }: { storage: StorageDriver },
  connections: AgentConnectionSummary[] = [],
): Agent => {
  const { twitter_credentials: _blankCredentials, ...fields } = toAgentFields(row);
  const linkedin = connections.find((connection) => connection.platform === 'linkedin');
  const x = connections.find((connection) => connection.platform === 'x');
  return {
    id: row.id,
    user_id: row.workspaceId,
    ...fields,
    approval: row.approval,
    review_before_posting: row.approval !== 'none',
    image: row.imagePath ? storage.publicImageUrl(row.imagePath) : null,
    twitter_credentials: Object.fromEntries(
      TWITTER_CREDENTIAL_FIELDS.map((field) => [field, { is_set: row.twitterCredentialsSet.includes(field) }]),
    ) as Agent['twitter_credentials'],
    cookies: row.cookies,
    trainingfiles:
      row.trainingFiles?.map((file) => ({
        url: trainingFileUrl(row.id, file.path),
        name: file.name,
        size: file.size,
      })) ?? null,
    linkedin_urn: linkedin?.accountId ?? null,
    linkedin_connected: linkedin !== undefined,
    x_username: x ? (x.handle ?? x.accountId) : null,
    x_connected: x !== undefined,
    paused: row.paused,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** The editable fields as columns, credentials sealed. */
export const toAgentColumns = (fields: AgentFields, secretBox: SecretBox) => ({
  name: fields.name,
  description: fields.description,
  prompt: fields.prompt,
  model: fields.model,
  samplePosts: fields.sample_posts,
  sampleQuestions: fields.sample_questions,
  dataSources: fields.data_sources,
  activities: fields.activities,
  postConfiguration: fields.post_configuration,
  chatConfiguration: fields.chat_configuration,
  replyGuards: fields.reply_guards,
  twitterCredentialsSealed: sealTwitterCredentials(fields.twitter_credentials, secretBox),
  twitterCredentialsSet: TWITTER_CREDENTIAL_FIELDS.filter((field) => fields.twitter_credentials[field].trim() !== ''),
  customContext: fields.custom_context,
  meme: fields.meme,
  graphic: fields.graphic,
  video: fields.video,
  approval: approvalOf(fields),
  monthlyBudgetUsd: fields.monthly_budget_usd,
  xThreads: fields.x_threads,
  videoPrivacy: fields.video_privacy,
  farcasterChannel: fields.farcaster_channel,
});

/** The editable fields of a stored agent, credentials left blank (they are never read back). */
export const toAgentFields = (row: AgentRow): AgentFields => ({
  name: row.name,
  description: row.description,
  prompt: row.prompt,
  model: row.model,
  sample_posts: row.samplePosts,
  sample_questions: row.sampleQuestions,
  data_sources: row.dataSources,
  activities: row.activities,
  post_configuration: row.postConfiguration,
  chat_configuration: row.chatConfiguration,
  reply_guards: row.replyGuards,
  twitter_credentials: { TWITTER_USERNAME: '', TWITTER_EMAIL: '', TWITTER_PASSWORD: '', TWITTER_2FA_SECRET: '' },
  custom_context: row.customContext,
  meme: row.meme,
  graphic: row.graphic,
  video: row.video,
  approval: row.approval,
  monthly_budget_usd: row.monthlyBudgetUsd,
  x_threads: row.xThreads,
  video_privacy: row.videoPrivacy,
  farcaster_channel: row.farcasterChannel,
});
