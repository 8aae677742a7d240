import type { Context } from 'hono';

/**
 * The API key of `Authorization: Bearer <key>`, '' for a malformed Authorization header (refused, never read as
 * a session), or undefined when the request has none. A request that carries a key is authorized by the key
 * alone: its cookies are ignored, which is why it may skip the same-origin check (a page of another site cannot
 * add this header without a CORS preflight, which the API never grants).
 */
export const readBearerKey = (c: Context): string | undefined => {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
};
