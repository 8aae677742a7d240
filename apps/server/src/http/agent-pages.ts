import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { AgentServices } from '@agentcast/core/domains/agents/agent-services';
import { agentsPageFormat, findAgentsPage } from '@agentcast/core/domains/agents/find-agents-page';

const gzipAsync = promisify(gzip);

/** The pages kept ready to send, most recently used last; evicted oldest first past this many bytes. */
const CACHE_BYTES = 8 * 1024 * 1024;

type CachedPage = { fingerprint: string; json: Buffer; gzipped?: Buffer };

type PageRequest = {
  workspaceId: string;
  cursor?: string;
  limit: number;
  /** The request's If-None-Match header (`*`: any copy of this page). */
  ifNoneMatch?: string;
  acceptsGzip: boolean;
};

/** What the route answers: 304 with the ETag, or 200 with the body in the representation the client accepts. */
export type PageAnswer =
  { status: 304; etag: string } | { status: 200; etag: string; body: Buffer; contentEncoding?: 'gzip' };

/**
 * GET /api/agents with validators and a cache of the rendered pages. Every request asks the database for the
 * page's fingerprint (find-agents-page.ts), passing the fingerprints already held — the client's (If-None-Match)
 * and the one of the page this process last rendered for the same user, cursor and limit — so the JSON is built
 * only when the page changed. An unchanged page is answered 304, or from the cache already gzipped: no row is
 * rendered and nothing is compressed twice. Fresh to the row, since the fingerprint is always read first.
 *
 * The ETag is strong: `"<format><fingerprint>"` for the JSON as it is, with `-gz` for the gzipped bytes (a
 * different representation, so a different tag; the compressing middleware leaves an answer that already has a
 * Content-Encoding alone). `<format>` hashes the query's text and the image addresses, so a copy in an older shape
 * is never confirmed.
 */
export const createAgentPages = (services: Pick<AgentServices, 'db' | 'storage'>) => {
  const format = agentsPageFormat(services.storage.publicImageBaseUrl);
  const cache = new Map<string, CachedPage>();
  let cachedBytes = 0;

  const tagOf = (fingerprint: string, gzipped: boolean) => `"${format}${fingerprint}${gzipped ? '-gz' : ''}"`;

  /** The fingerprints of the client's tags that name this very representation (weak tags compare the same). */
  const heldFingerprints = (ifNoneMatch: string | undefined, gzipped: boolean) => {
    const pattern = new RegExp(`^(?:W/)?"${format}([0-9a-f]{32})${gzipped ? '-gz' : ''}"$`);
    return (ifNoneMatch ?? '').split(',').flatMap((tag) => pattern.exec(tag.trim())?.[1] ?? []);
  };

  const remember = (key: string, page: CachedPage) => {
    const previous = cache.get(key);
    if (previous) cachedBytes -= previous.json.length + (previous.gzipped?.length ?? 0);
    cache.delete(key);
    cache.set(key, page);
    cachedBytes += page.json.length + (page.gzipped?.length ?? 0);
    for (const [oldestKey, oldest] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldestKey);
      cachedBytes -= oldest.json.length + (oldest.gzipped?.length ?? 0);
    }
  };

  const answer = async ({ workspaceId, cursor, limit, ifNoneMatch, acceptsGzip }: PageRequest): Promise<PageAnswer> => {
    const key = `${workspaceId}\n${cursor ?? ''}\n${limit}`;
    const held = heldFingerprints(ifNoneMatch, acceptsGzip);
    const cached = cache.get(key);
    const read = await findAgentsPage(services, {
      workspaceId,
      cursor,
      limit,
      knownFingerprints: cached ? [...held, cached.fingerprint] : held,
    });
    const etag = tagOf(read.fingerprint, acceptsGzip);
    if (held.includes(read.fingerprint)) return { status: 304, etag };
    if (ifNoneMatch?.trim() === '*') return { status: 304, etag };
    let page: CachedPage =
      read.body === undefined && cached
        ? cached
        : { fingerprint: read.fingerprint, json: Buffer.from(read.body ?? '') };
    // A new object, not a changed one: the cache counts each entry's bytes as they were when it was stored.
    if (acceptsGzip && !page.gzipped)
      page = { ...page, gzipped: await gzipAsync(page.json, { level: constants.Z_BEST_SPEED }) };
    remember(key, page);
    return acceptsGzip
      ? { status: 200, etag, body: page.gzipped as Buffer, contentEncoding: 'gzip' }
      : { status: 200, etag, body: page.json };
  };

  return { answer };
};
