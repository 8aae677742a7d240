import { randomBytes, randomUUID } from 'node:crypto';
import { verifyTypedData } from 'viem';
import { APPROVAL_PATH, startNeynarApprovalPage } from './neynar-fake-approval-page.ts';
import {
  castConversation,
  castJson,
  listNeynarNotifications,
  newFakeCast,
  type NeynarFakeCast,
} from './neynar-fake-casts.ts';
import { startPathRouter } from './path-router.ts';
import {
  startPlatformFakeServer,
  type FailOptions,
  type FakeReply,
  type InterruptOptions,
  type RecordedRequest,
  type Route,
  type RouteContext,
} from './platform-fake-kit.ts';

export type { NeynarFakeCast } from './neynar-fake-casts.ts';

export type NeynarFakeSigner = {
  uuid: string;
  publicKey: `0x${string}`;
  status: 'generated' | 'pending_approval' | 'approved' | 'revoked';
  fid?: number;
  /** The app that asked for it (its fid, from the signed key request). */
  appFid?: number;
};
export const NEYNAR_ROUTES = {
  createSigner: 'POST /v2/farcaster/signer',
  signedKey: 'POST /v2/farcaster/signer/signed_key',
  signer: 'GET /v2/farcaster/signer',
  users: 'GET /v2/farcaster/user/bulk',
  cast: 'POST /v2/farcaster/cast',
  deleteCast: 'DELETE /v2/farcaster/cast',
  casts: 'GET /v2/farcaster/casts',
  notifications: 'GET /v2/farcaster/notifications',
  channel: 'GET /v2/farcaster/channel',
  userCasts: 'GET /v2/farcaster/feed/user/casts',
};

export type NeynarApiFake = {
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  requestsTo: (route: string) => RecordedRequest[];
  signers: NeynarFakeSigner[];
  /** What the network holds now, oldest first (a deleted cast leaves). */
  casts: NeynarFakeCast[];
  /** Someone casts from their own app (a mention is `@username` in the text; `parent` makes it a reply). */
  seedCast: (author: { fid: number; username: string }, cast: { text: string; parent?: string }) => NeynarFakeCast;
  /** The person approves the key in their Farcaster app, as this account. */
  approveSigner: (uuid: string, account: { fid: number; username: string }) => void;
  /** The person removes the app's key in their Farcaster app. */
  revokeSigner: (uuid: string) => void;
  setReactions: (hash: string, reactions: Partial<NeynarFakeCast['reactions']>) => void;
  /** The next cast is made and its answer lost. */
  dropNextCast: () => void;
  failNext: (route: string, options: FailOptions) => void;
  hangNext: (route: string, options?: InterruptOptions) => void;
  dropNext: (route: string, options?: InterruptOptions) => void;
  close: () => Promise<void>;
};

/** Neynar's error body (its OpenAPI `ErrorRes`): `{ code, message, property? }`. */
const neynarError = (status: number, message: string, code = 'Error', property?: string): FakeReply => ({
  status,
  json: { code, message, ...(property && { property }) },
});

/** What Neynar's cast endpoint takes: two embeds (its `maxItems`), and no more text than a long cast holds. */
const MAX_EMBEDS = 2;
const MAX_CAST_BYTES = 1024;

/** The EIP-712 domain and type Farcaster's key gateway checks a signed key request against (on OP Mainnet). */
export const SIGNED_KEY_REQUEST = {
  domain: {
    name: 'Farcaster SignedKeyRequestValidator',
    version: '1',
    chainId: 10,
    verifyingContract: '0x00000000FC700472606ED4fA22623Acf62c60553',
  },
  types: {
    SignedKeyRequest: [
      { name: 'requestFid', type: 'uint256' },
      { name: 'key', type: 'bytes' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
} as const;

/** Where Farcaster shows a channel, as Neynar's channel objects link it. */
const CHANNEL_URL = 'https://farcaster.xyz/~/channel/';

/**
 * Neynar's Farcaster API on loopback, shaped after its v2 REST API: signers (made, their key request checked against
 * the app account's custody address with the EIP-712 signature Farcaster's key gateway checks, approved by the
 * person), users, casts with `idem`, embeds, replies and channels (a set of known ones, looked up or cast into), deletes, reactions in bulk and a user's feed;
 * `x-api-key` required; errors as `{ code, message, property? }`; a scripted 429 carries `Retry-After` only when the test
 * gives one (Neynar documents no rate-limit header). Controls under `/__fake/` serve the browser tests, which run in
 * another process: approving a signer (JSON, or the HTML page its approval link opens), listing casts, losing a
 * cast's answer.
 */
export const startNeynarApiFake = async ({
  apiKey = 'neynar-test-key',
  appFid,
  appCustodyAddress,
  channelIds = ['ai', 'dev', 'memes'],
}: {
  apiKey?: string;
  appFid: number;
  appCustodyAddress: `0x${string}`;
  /** The channels Farcaster has here: a cast into any other is refused, as a lookup of it is. */
  channelIds?: string[];
}): Promise<NeynarApiFake> => {
  const channels = new Set(channelIds);
  const signers: NeynarFakeSigner[] = [];
  const casts: NeynarFakeCast[] = [];
  const usernames = new Map<number, string>();
  let castAnswersToDrop = 0;
  let nextSuggestedFid = 10_000;
  let baseUrl = '';

  const keyed =
    (handle: (context: RouteContext) => FakeReply | Promise<FakeReply>) =>
    (context: RouteContext): FakeReply | Promise<FakeReply> =>
      context.request.headers['x-api-key'] === apiKey
        ? handle(context)
        : neynarError(401, 'Invalid API key', 'Unauthorized');
  const body = (context: RouteContext) => (context.request.json ?? {}) as Record<string, unknown>;
  const signerOf = (uuid: unknown) => signers.find((signer) => signer.uuid === uuid);
  const routes: Route[] = [
    {
      method: 'POST',
      pattern: '/v2/farcaster/signer',
      handle: keyed(() => {
        const signer: NeynarFakeSigner = {
          uuid: randomUUID(),
          publicKey: `0x${randomBytes(32).toString('hex')}`,
          status: 'generated',
        };
        signers.push(signer);
        return { status: 200, json: { signer_uuid: signer.uuid, public_key: signer.publicKey, status: signer.status } };
      }),
    },
    {
      method: 'POST',
      pattern: '/v2/farcaster/signer/signed_key',
      handle: keyed(async (context) => {
        const { signer_uuid: uuid, app_fid: fid, deadline, signature } = body(context);
        const signer = signerOf(uuid);
        if (!signer) return neynarError(404, 'Signer not found', 'NotFound');
        const valid =
          fid === appFid &&
          typeof deadline === 'number' &&
          typeof signature === 'string' &&
          (await verifyTypedData({
            address: appCustodyAddress,
            ...SIGNED_KEY_REQUEST,
            primaryType: 'SignedKeyRequest',
            message: { requestFid: BigInt(appFid), key: signer.publicKey, deadline: BigInt(deadline) },
            signature: signature as `0x${string}`,
          }).catch(() => false));
        if (!valid) return neynarError(400, 'Invalid signature for the signed key request', 'InvalidField');
        signer.status = 'pending_approval';
        signer.appFid = appFid;
        return {
          status: 200,
          json: {
            signer_uuid: signer.uuid,
            public_key: signer.publicKey,
            status: signer.status,
            signer_approval_url: approvalUrlOf(signer),
          },
        };
      }),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/signer',
      handle: keyed(({ request }) => {
        const signer = signerOf(request.query.signer_uuid);
        if (!signer) return neynarError(404, 'Signer not found', 'NotFound');
        return {
          status: 200,
          json: {
            signer_uuid: signer.uuid,
            public_key: signer.publicKey,
            status: signer.status,
            ...(signer.status === 'pending_approval' && { signer_approval_url: approvalUrlOf(signer) }),
            ...(signer.fid !== undefined && { fid: signer.fid }),
          },
        };
      }),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/user/bulk',
      handle: keyed(({ request }) => ({
        status: 200,
        json: {
          users: (request.query.fids ?? '')
            .split(',')
            .map(Number)
            .filter((fid) => usernames.has(fid))
            .map((fid) => ({ object: 'user', fid, username: usernames.get(fid), display_name: usernames.get(fid) })),
        },
      })),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/cast/conversation',
      handle: keyed(({ request }) => castConversation(request, casts)),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/notifications',
      handle: keyed(({ request }) => listNeynarNotifications(request, { casts, usernames })),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/channel',
      handle: keyed(({ request }) => {
        const id = request.query.id ?? '';
        return channels.has(id)
          ? { status: 200, json: { channel: { object: 'channel', id, name: id, url: `${CHANNEL_URL}${id}` } } }
          : neynarError(404, 'Channel not found', 'NotFound', 'id');
      }),
    },
    {
      method: 'POST',
      pattern: '/v2/farcaster/cast',
      handle: keyed((context) => {
        const fields = body(context);
        const signer = signerOf(fields.signer_uuid);
        if (signer?.status !== 'approved' || signer.fid === undefined)
          return neynarError(403, 'Signer is not approved or was revoked', 'Forbidden');
        const embeds = (fields.embeds as { url: string }[] | undefined) ?? [];
        if (embeds.length > MAX_EMBEDS)
          return neynarError(400, `embeds must have at most ${MAX_EMBEDS} items`, 'InvalidField', 'embeds');
        if (Buffer.byteLength(String(fields.text ?? '')) > MAX_CAST_BYTES)
          return neynarError(400, 'text is too long', 'InvalidField', 'text');
        if (typeof fields.channel_id === 'string' && !channels.has(fields.channel_id))
          return neynarError(400, 'Channel not found', 'InvalidField', 'channel_id');
        const idem = typeof fields.idem === 'string' ? fields.idem : null;
        const repeated = idem ? casts.find((cast) => cast.idem === idem && cast.fid === signer.fid) : undefined;
        const cast: NeynarFakeCast =
          repeated ??
          newFakeCast({
            fid: signer.fid,
            username: usernames.get(signer.fid) ?? `fid${signer.fid}`,
            text: String(fields.text ?? ''),
            embeds,
            parent: typeof fields.parent === 'string' ? fields.parent : null,
            channelId: typeof fields.channel_id === 'string' ? fields.channel_id : null,
            idem,
          });
        if (!repeated) casts.push(cast);
        const reply: FakeReply = {
          status: 200,
          json: {
            success: true,
            cast: { hash: cast.hash, author: { fid: cast.fid, username: cast.username }, text: cast.text },
          },
        };
        if (castAnswersToDrop > 0) {
          castAnswersToDrop -= 1;
          return { ...reply, drop: true };
        }
        return reply;
      }),
    },
    {
      method: 'DELETE',
      pattern: '/v2/farcaster/cast',
      handle: keyed((context) => {
        const { signer_uuid: uuid, target_hash: hash } = body(context);
        const signer = signerOf(uuid);
        if (signer?.status !== 'approved')
          return neynarError(403, 'Signer is not approved or was revoked', 'Forbidden');
        const index = casts.findIndex((cast) => cast.hash === hash);
        if (index === -1) return neynarError(404, 'Cast not found', 'NotFound');
        if (casts[index]?.fid !== signer.fid)
          return neynarError(403, 'Cannot delete another account’s cast', 'Forbidden');
        casts.splice(index, 1);
        return { status: 200, json: { success: true, message: 'Cast deleted' } };
      }),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/casts',
      handle: keyed(({ request }) => {
        const wanted = (request.query.casts ?? '').split(',');
        return {
          status: 200,
          json: { result: { casts: casts.filter((cast) => wanted.includes(cast.hash)).map(castJson) } },
        };
      }),
    },
    {
      method: 'GET',
      pattern: '/v2/farcaster/feed/user/casts',
      handle: keyed(({ request }) => ({
        status: 200,
        json: {
          casts: casts
            .filter((cast) => cast.fid === Number(request.query.fid))
            .reverse()
            .slice(0, Number(request.query.limit ?? 25))
            .map(castJson),
        },
      })),
    },
    // Not Neynar's: controls for browser tests, which run in another process than this fake.
    { method: 'GET', pattern: '/__fake/casts', handle: () => ({ status: 200, json: casts.map(castJson) }) },
    {
      method: 'POST',
      pattern: '/__fake/signers/:uuid/approve',
      handle: ({ params, request }) => {
        const { fid, username } = (request.json ?? {}) as { fid?: number; username?: string };
        if (!signerOf(params.uuid) || typeof fid !== 'number' || typeof username !== 'string')
          return neynarError(400, 'Give a pending signer, a fid and a username');
        approveSigner(params.uuid ?? '', { fid, username });
        return { status: 204 };
      },
    },
    { method: 'POST', pattern: '/__fake/drop-next-cast', handle: () => ((castAnswersToDrop += 1), { status: 204 }) },
  ];

  const approvalUrlOf = (signer: NeynarFakeSigner) => `${baseUrl}${APPROVAL_PATH}${signer.uuid}`;
  const approveSigner = (uuid: string, account: { fid: number; username: string }) => {
    const signer = signerOf(uuid);
    if (!signer) throw new Error(`no signer ${uuid}`);
    signer.status = 'approved';
    signer.fid = account.fid;
    usernames.set(account.fid, account.username);
  };

  const server = await startPlatformFakeServer({
    routes,
    notFound: () => neynarError(404, 'Not found', 'NotFound'),
    errorReply: (status, retryAfterSeconds) =>
      status === 429
        ? {
            status,
            ...(retryAfterSeconds !== undefined && { headers: { 'retry-after': String(retryAfterSeconds) } }),
            json: { code: 'RateLimitExceeded', message: 'Too many requests' },
          }
        : neynarError(status, status >= 500 ? 'Internal server error' : 'Request failed'),
  });
  const page = await startNeynarApprovalPage({
    find: (uuid) => signerOf(uuid),
    approve: approveSigner,
    suggestAccount: () => {
      nextSuggestedFid += 1;
      return { fid: nextSuggestedFid, username: `caster${nextSuggestedFid}` };
    },
  });
  // One address for the API and the approval page, as the approval link names the API's host.
  const router = await startPathRouter([{ prefixes: [APPROVAL_PATH], target: page.baseUrl }], server.baseUrl);
  baseUrl = router.baseUrl;

  return {
    baseUrl,
    apiKey,
    requests: server.requests,
    requestsTo: server.requestsTo,
    signers,
    casts,
    approveSigner,
    seedCast: (author, { text, parent }) => {
      usernames.set(author.fid, author.username);
      const cast = newFakeCast({ ...author, text, parent: parent ?? null });
      casts.push(cast);
      return cast;
    },
    revokeSigner: (uuid) => {
      const signer = signerOf(uuid);
      if (signer) signer.status = 'revoked';
    },
    setReactions: (hash, reactions) => {
      const cast = casts.find((candidate) => candidate.hash === hash);
      if (cast) Object.assign(cast.reactions, reactions);
    },
    dropNextCast: () => {
      castAnswersToDrop += 1;
    },
    failNext: server.failNext,
    hangNext: server.hangNext,
    dropNext: server.dropNext,
    close: async () => {
      await router.close();
      await page.close();
      await server.close();
    },
  };
};
