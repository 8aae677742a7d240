import type { CredentialConnectInput, OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import { AppError } from '../../kernel/app-error.ts';
import { asServiceUrl, checkServiceUrl, invalidField } from './check-service-url.ts';
import { PlatformError } from '../../integrations/platforms/common/platform.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { assertAccountAllowance } from './assert-account-allowance.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';
import { saveConnection } from './save-connection.ts';
import type { AuditActor } from '../audit/audit-actor.ts';

/** The field a platform's refusal is about: the secret (a token the platform does not know) or what it names. */
const refusedField = (platform: CredentialConnectInput['platform'], error: PlatformError) => {
  if (platform === 'bluesky') return 'app_password';
  if (platform === 'discord') return 'webhook_url';
  return error.reason === 'reconnect_required' ? 'bot_token' : 'chat';
};

/** The platform's refusal as the person sees it: a field to correct, a limit to wait out, or a service down. */
const asAppError = (platform: CredentialConnectInput['platform'], error: unknown) => {
  if (!(error instanceof PlatformError)) return error;
  if (error.reason === 'rate_limited')
    return new AppError('RATE_LIMITED', error.message, {
      retryAfterSeconds: error.retryAt ? Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000)) : 60,
    });
  if (error.kind === 'permanent') return invalidField(refusedField(platform, error), error.message);
  return new AppError('UPSTREAM_FAILED', error.message);
};

/**
 * A Bluesky sign-in as the platform takes it: the handle without its @, and a self-hosted server's address as a URL
 * this server may call (the operator's own BLUESKY_SERVICE_URL is trusted).
 */
const normaliseBluesky = async (
  services: ConnectionServices,
  input: Extract<CredentialConnectInput, { platform: 'bluesky' }>,
) => {
  if (!input.service_url) return { ...input, handle: input.handle.replace(/^@/, '') };
  const serviceUrl = asServiceUrl(input.service_url);
  if (!serviceUrl) throw invalidField('service_url', 'Enter the server address, such as https://pds.example.com.');
  if (serviceUrl !== services.credentialSignIns.serviceUrlOf('bluesky'))
    await checkServiceUrl(services, serviceUrl, 'service_url');
  return { ...input, handle: input.handle.replace(/^@/, ''), service_url: serviceUrl };
};

/**
 * Connects an account with its own credentials (Bluesky's handle and app password, a Telegram bot's token and chat, a
 * Discord webhook): checked with the platform at once, then kept as a connection like an OAuth one (sealed; for
 * Bluesky the session, never the password), for the user, one of
 * their agents, or an agent the Create Agent form has not saved yet. A self-hosted account's server must be one this
 * server may call.
 */
export const connectWithCredentials = async (
  services: ConnectionServices,
  { workspaceId, actor, input }: { workspaceId: string; actor: AuditActor; input: CredentialConnectInput },
): Promise<OAuthExchangeAnswer> => {
  const { db, secretBox, credentialSignIns } = services;
  const owner = input.agentId ? await findOwnedAgentRow(db, { workspaceId, agentId: input.agentId }) : undefined;
  const trusted = credentialSignIns.serviceUrlOf(input.platform);
  const checked = input.platform === 'bluesky' ? await normaliseBluesky(services, input) : input;
  const grant = await credentialSignIns.signIn(checked).catch((error: unknown) => {
    throw asAppError(input.platform, error);
  });
  // The account's own server, named by its DID document, is called from now on: it must pass the same rule.
  const given = checked.platform === 'bluesky' ? checked.service_url : undefined;
  if (grant.serviceUrl && grant.serviceUrl !== trusted && grant.serviceUrl !== given)
    await checkServiceUrl(services, grant.serviceUrl, 'service_url');
  await assertAccountAllowance(db, {
    workspaceId,
    plan: await getAccountPlan(db, workspaceId, services.defaultPlan),
    platform: input.platform,
    accountId: grant.account.accountId,
  });
  const target = input.agentId ? 'agent' : input.newAgent ? 'new_agent' : 'user';
  const row = await saveConnection(db, secretBox, {
    workspaceId,
    actor,
    agentId: input.agentId ?? null,
    target,
    platform: input.platform,
    tokens: grant.tokens,
    account: grant.account,
    serviceUrl: grant.serviceUrl,
  });
  services.logger.info({ workspaceId, platform: input.platform, target, connectionId: row.id }, 'Platform connected');
  return { success: true, connection: toConnectionResource(row), agent_name: owner?.name ?? null };
};
