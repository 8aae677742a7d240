import type { CredentialConnectInput, OAuthExchangeAnswer } from '@agentcast/contracts/connections';
import { AppError } from '../../kernel/app-error.ts';
import { outboundUrlProblem } from '../../integrations/net/outbound-url-problem.ts';
import { PlatformError } from '../../integrations/platforms/common/platform.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { assertAccountAllowance } from './assert-account-allowance.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';
import { saveConnection } from './save-connection.ts';

const invalidField = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fieldErrors: { [field]: [message] } });

/** An address a person typed ("pds.example.com"), as a URL: https unless they wrote a scheme. */
const asServiceUrl = (value: string) => {
  try {
    const url = new URL(/^[a-z][\w+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
};

/** A server address this one may call, or a 400 saying why not (the outbound rule of webhooks, issue 30). */
const checkServiceUrl = async ({ outbound }: ConnectionServices, url: string) => {
  const problem = await outboundUrlProblem(url, outbound.policy, outbound.resolveHost);
  if (!problem) return;
  throw invalidField(
    'service_url',
    problem.kind === 'https-required'
      ? 'The server address must start with https://.'
      : problem.kind === 'unknown-host'
        ? `${problem.host} cannot be found: check the server address.`
        : `${problem.host} is not a public address: this server connects only to public ones.`,
  );
};

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
  if (serviceUrl !== services.credentialSignIns.serviceUrlOf('bluesky')) await checkServiceUrl(services, serviceUrl);
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
  { userId, input }: { userId: string; input: CredentialConnectInput },
): Promise<OAuthExchangeAnswer> => {
  const { db, secretBox, credentialSignIns } = services;
  const owner = input.agentId ? await findOwnedAgentRow(db, { userId, agentId: input.agentId }) : undefined;
  const trusted = credentialSignIns.serviceUrlOf(input.platform);
  const checked = input.platform === 'bluesky' ? await normaliseBluesky(services, input) : input;
  const grant = await credentialSignIns.signIn(checked).catch((error: unknown) => {
    throw asAppError(input.platform, error);
  });
  // The account's own server, named by its DID document, is called from now on: it must pass the same rule.
  const given = checked.platform === 'bluesky' ? checked.service_url : undefined;
  if (grant.serviceUrl && grant.serviceUrl !== trusted && grant.serviceUrl !== given)
    await checkServiceUrl(services, grant.serviceUrl);
  await assertAccountAllowance(db, {
    userId,
    plan: await getAccountPlan(db, userId, services.defaultPlan),
    platform: input.platform,
    accountId: grant.account.accountId,
  });
  const target = input.agentId ? 'agent' : input.newAgent ? 'new_agent' : 'user';
  const row = await saveConnection(db, secretBox, {
    userId,
    agentId: input.agentId ?? null,
    target,
    platform: input.platform,
    tokens: grant.tokens,
    account: grant.account,
    serviceUrl: grant.serviceUrl,
  });
  services.logger.info({ userId, platform: input.platform, target, connectionId: row.id }, 'Platform connected');
  return { success: true, connection: toConnectionResource(row), agent_name: owner?.name ?? null };
};
