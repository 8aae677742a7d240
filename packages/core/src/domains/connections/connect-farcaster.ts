import { and, count, eq, lt } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { CONNECTION_MESSAGES, FARCASTER_MESSAGES } from '@agentcast/contracts/connections';
import {
  type FarcasterSignerRequest,
  type FarcasterSignerStartInput,
  type FarcasterSignerStatus,
} from '@agentcast/contracts/farcaster-signer';
import { agent } from '@agentcast/db/schema/agents';
import { farcasterSignerRequest } from '@agentcast/db/schema/connections';
import { AppError } from '../../kernel/app-error.ts';
import { isUuid } from '../../kernel/is-uuid.ts';
import { PlatformError } from '../../integrations/platforms/common/platform.ts';
import { findOwnedAgentRow } from '../ownership/find-owned-agent-row.ts';
import { getAccountPlan } from '../plans/get-account-plan.ts';
import { assertAccountAllowance } from './assert-account-allowance.ts';
import type { ConnectionServices } from './connection-services.ts';
import { toConnectionResource } from './connection-resource.ts';
import { saveConnection } from './save-connection.ts';
import { personActor } from '../audit/audit-actor.ts';

/** Requests one user may have waiting at once: plenty for people, a bound for scripts (each costs Neynar a signer). */
const MAX_OPEN_REQUESTS_PER_USER = 10;

const signersOf = ({ farcasterSigners }: ConnectionServices) => {
  if (!farcasterSigners) throw new AppError('CONFLICT', CONNECTION_MESSAGES.notConfigured('farcaster'));
  return farcasterSigners;
};

/** Neynar's refusal as the person sees it: a limit to wait out, or a service that failed. */
const asAppError = (error: unknown) => {
  if (!(error instanceof PlatformError)) return error;
  if (error.reason === 'rate_limited')
    return new AppError('RATE_LIMITED', error.message, {
      retryAfterSeconds: error.retryAt ? Math.max(1, Math.ceil((error.retryAt.getTime() - Date.now()) / 1000)) : 60,
    });
  return new AppError('UPSTREAM_FAILED', error.message);
};

/** The QR code of the approval link, for an <img>: scanned with a phone, it opens the Farcaster app. */
const qrCodeOf = (url: string) => `data:image/svg+xml;base64,${Buffer.from(renderSVG(url)).toString('base64')}`;

/**
 * Starts connecting Farcaster (issue 33): a new signer (a key this server holds) that the person approves in their
 * Farcaster app, by its link or QR code. Kept, sealed, until approved or Farcaster's deadline for it passes.
 */
export const startFarcasterConnection = async (
  services: ConnectionServices,
  { workspaceId, userId, input }: { workspaceId: string; userId: string; input: FarcasterSignerStartInput },
): Promise<FarcasterSignerRequest> => {
  const signers = signersOf(services);
  const { db, secretBox } = services;
  if (input.agentId) await findOwnedAgentRow(db, { workspaceId, agentId: input.agentId });
  await db.delete(farcasterSignerRequest).where(lt(farcasterSignerRequest.expiresAt, new Date()));
  const [open] = await db
    .select({ value: count() })
    .from(farcasterSignerRequest)
    .where(eq(farcasterSignerRequest.userId, userId));
  if ((open?.value ?? 0) >= MAX_OPEN_REQUESTS_PER_USER)
    throw new AppError('RATE_LIMITED', 'Too many Farcaster approvals are waiting. Approve one, or wait an hour.', {
      retryAfterSeconds: 3600,
    });

  const signer = await signers.create().catch((error: unknown) => {
    throw asAppError(error);
  });
  const [row] = await db
    .insert(farcasterSignerRequest)
    .values({
      userId,
      workspaceId,
      agentId: input.agentId ?? null,
      target: input.agentId ? 'agent' : input.newAgent ? 'new_agent' : 'user',
      signerUuidSealed: secretBox.seal(signer.signerUuid),
      approvalUrl: signer.approvalUrl,
      expiresAt: signer.deadline,
    })
    .returning();
  return {
    request_id: row!.id,
    approval_url: signer.approvalUrl,
    qr_code: qrCodeOf(signer.approvalUrl),
    expires_at: signer.deadline.toISOString(),
  };
};

const notFound = () =>
  new AppError(
    'NOT_FOUND',
    'This Farcaster approval is not waiting any more. Connect Farcaster again if it is not connected.',
  );

/**
 * Where a Farcaster approval stands, asked by the page every FARCASTER_MESSAGES.pollIntervalMs: still waiting; over
 * (expired, or refused in the app); or approved, when the signer becomes a connection (once: the request is taken
 * as it is used, so two polls at the same moment cannot connect twice).
 */
export const checkFarcasterConnection = async (
  services: ConnectionServices,
  { userId, requestId }: { userId: string; requestId: string },
): Promise<FarcasterSignerStatus> => {
  const signers = signersOf(services);
  const { db, secretBox } = services;
  if (!isUuid(requestId)) throw notFound();
  const mine = and(eq(farcasterSignerRequest.id, requestId), eq(farcasterSignerRequest.userId, userId));
  const [request] = await db.select().from(farcasterSignerRequest).where(mine).limit(1);
  if (!request) throw notFound();
  if (request.expiresAt.getTime() <= Date.now()) {
    await db.delete(farcasterSignerRequest).where(mine);
    return { status: 'ended', message: FARCASTER_MESSAGES.expired };
  }
  const signerUuid = secretBox.open(request.signerUuidSealed);
  const state = await signers.read(signerUuid).catch((error: unknown) => {
    throw asAppError(error);
  });
  if (state.status === 'pending') return { status: 'pending' };
  const [taken] = await db.delete(farcasterSignerRequest).where(mine).returning();
  if (!taken) throw notFound();
  if (state.status === 'revoked') return { status: 'ended', message: FARCASTER_MESSAGES.revoked };

  const accountId = String(state.fid);
  // The connection lands in the workspace the approval was started in.
  const { workspaceId } = taken;
  await assertAccountAllowance(db, {
    workspaceId,
    plan: await getAccountPlan(db, workspaceId, services.defaultPlan),
    platform: 'farcaster',
    accountId,
  });
  const row = await saveConnection(db, secretBox, {
    workspaceId,
    actor: personActor({ userId }),
    agentId: taken.agentId,
    target: taken.target,
    platform: 'farcaster',
    // The signer never expires and is not renewed: revoking it in the Farcaster app ends it.
    tokens: { accessToken: signerUuid, refreshToken: null, expiresAt: null, scopes: [] },
    account: { accountId, displayName: `@${state.username}`, handle: state.username },
  });
  const [owner] = taken.agentId
    ? await db.select({ name: agent.name }).from(agent).where(eq(agent.id, taken.agentId)).limit(1)
    : [];
  services.logger.info(
    { workspaceId, platform: 'farcaster', target: taken.target, connectionId: row.id },
    'Platform connected',
  );
  return { status: 'approved', connection: toConnectionResource(row), agent_name: owner?.name ?? null };
};
