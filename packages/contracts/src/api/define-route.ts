import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { ApiErrorBody } from '../api-error.ts';
import type { WorkspaceAction } from '../workspace-roles.ts';

/** The names of the API's two ways to authenticate, as the OpenAPI document declares them. */
export const SECURITY_SCHEMES = {
  /** The browser's session cookie, set by signing in. */
  session: 'session',
  /** A personal API key (issue 18 §1) in `Authorization: Bearer agc_…`. */
  apiKey: 'apiKey',
} as const;

type SecurityRequirement = Record<string, string[]>;

/** Who may call a route; every route says which (the server's middleware must agree: openapi.routes.test.ts). */
export const PUBLIC: SecurityRequirement[] = [];
/** A signed-in browser session alone; a request with an API key is refused with a 403. */
export const SESSION_ONLY: SecurityRequirement[] = [{ [SECURITY_SCHEMES.session]: [] }];
/** A signed-in browser session, or an API key standing for its owner (a `read` key only for GET). */
export const SESSION_OR_KEY: SecurityRequirement[] = [
  { [SECURITY_SCHEMES.session]: [] },
  { [SECURITY_SCHEMES.apiKey]: [] },
];

/**
 * What a route does in the caller's workspace (workspace-roles.ts), checked against their role; null for a route
 * that does not act in a workspace (signing in, the person's own account and wallet). A specification extension, so
 * the OpenAPI document shows it beside each operation.
 */
export const ACTION_KEY = 'x-agentcast-action';

/**
 * One route of the API, defined once (docs/decisions/020-one-route-definition.md): the server mounts it with
 * @hono/zod-openapi, which validates each request with its schemas and types the handler's answer; the web calls it
 * through its typed caller (apps/web/src/api/call-api.ts), which takes the path, the inputs and the answer's type
 * from the same object; and the server's OpenAPI document (/api/openapi.json) is generated from the same objects.
 * Paths are whole (`/api/agents/{id}`), as a client writes them. `security` is required, so that no route is left
 * out of the document's account of who may call it: PUBLIC, SESSION_ONLY or SESSION_OR_KEY; and so is
 * `x-agentcast-action`, what it does in a workspace (or null), so that no route escapes the roles.
 */
export const defineRoute = <
  const Route extends RouteConfig & { security: SecurityRequirement[]; [ACTION_KEY]: WorkspaceAction | null },
>(
  route: Route,
) => route;

/** The action a route of the contract names. */
export const routeAction = (route: RouteConfig): WorkspaceAction | null =>
  (route as RouteConfig & { [ACTION_KEY]?: WorkspaceAction | null })[ACTION_KEY] ?? null;

/** A JSON body or answer of this schema. */
export const jsonContent = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const ERROR_DESCRIPTIONS = {
  400: 'The input is not valid; `fieldErrors` names each field at fault.',
  401: 'Not authenticated: no valid session or credentials, or an API key that is revoked, expired or mistyped.',
  403: 'Not allowed: no membership token, a request from another site, a `read` key asked to change something, or an API key on a route of the browser session only.',
  404: 'No such resource among this account’s (another account’s answers the same).',
  409: 'The change conflicts with what is saved.',
  413: 'The request body is larger than the route accepts.',
  415: 'The body is not of a type the route accepts.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  502: 'A service the server depends on failed.',
  504: 'The work goes on, but the answer could not wait for it.',
} as const;

/** The body of every error answer (ApiErrorBody); named, so that the document describes it once. */
const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
}) satisfies z.ZodType<ApiErrorBody>;
const errorBodySchema = apiErrorBodySchema.meta({ id: 'ApiError' });

/** The error answers a route may give, all `{ code, message, fieldErrors? }`. */
export const errorResponses = <const Status extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: Status[]) =>
  Object.fromEntries(statuses.map((status) => [status, jsonContent(errorBodySchema, ERROR_DESCRIPTIONS[status])])) as {
    [Code in Status]: ReturnType<typeof jsonContent<typeof apiErrorBodySchema>>;
  };
