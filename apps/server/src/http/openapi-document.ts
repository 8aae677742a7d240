import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { ALL_ROUTE_GROUPS } from '@agentcast/contracts/api/all-routes';
import { ACTION_KEY, SECURITY_SCHEMES, errorResponses } from '@agentcast/contracts/api/define-route';
import { API_KEY_PREFIX, API_KEY_RATE_LIMIT } from '@agentcast/contracts/api-keys';
import { PATHS } from '@agentcast/contracts/paths';
import {
  ROLE_ACTIONS,
  WORKSPACE_HEADER,
  WORKSPACE_ROLE_NAMES,
  WORKSPACE_ROLES,
} from '@agentcast/contracts/workspace-roles';
import serverPackage from '../../package.json' with { type: 'json' };
import { sessionCookieName } from '../auth/session-cookie.ts';

export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const { requests, windowSeconds } = API_KEY_RATE_LIMIT;

const DESCRIPTION = `The HTTP API of Agentcast: the same routes the web app uses, described from their definitions.

## Authentication

Each operation names the schemes it accepts.

- **Session cookie** (\`${SECURITY_SCHEMES.session}\`): the cookie a browser gets by signing in
  (\`POST /api/auth/sign-in/email\`). Requests that change anything must also come from Agentcast's own pages
  (\`Origin\`), so the cookie is for the web app, not for programs.
- **API key** (\`${SECURITY_SCHEMES.apiKey}\`): a personal key made in a browser session (Settings → API keys, ${PATHS.settings}),
  sent as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. It acts as its owner, needs no cookie and no \`Origin\`.
  A key is shown once; Agentcast keeps only its fingerprint. The account's password, e-mail, sessions, export,
  deletion, wallet and API keys are the browser session's alone: a key there is answered 403.

## Workspaces and roles

Everything an account makes belongs to a workspace: every person has their own, and may be a member of others.
A browser session acts in the workspace named by the \`${WORKSPACE_HEADER}\` header, or in the person's own without
it; a workspace the person is not a member of answers 404. An API key acts in the workspace it was made in, with its
maker's role there (a request naming another workspace is answered 403), and stops working if its maker leaves.
Each operation names what it does in the workspace (\`${ACTION_KEY}\`): ${WORKSPACE_ROLES.map(
  (role) => `**${WORKSPACE_ROLE_NAMES[role]}** ${[...ROLE_ACTIONS[role]].map((action) => `\`${action}\``).join(', ')}`,
).join('; ')}. Anything else is answered 403.

## Scopes

A \`read\` key may only read (GET); anything else is answered 403. A \`read-write\` key may do what its owner's
session may on the routes that accept keys.

## Rate limits

Each key may make ${requests} requests in ${windowSeconds} seconds, counted across every server process. Every answer to
a request with a key carries \`RateLimit-Policy\` and \`RateLimit\` (IETF draft \`draft-ietf-httpapi-ratelimit-headers\`);
past the limit the answer is 429 with \`Retry-After\`.

## Errors

Every error answer is JSON: \`{ "code": "…", "message": "…", "fieldErrors"?: { "field": ["…"] } }\`. \`message\` is
written for people; \`fieldErrors\` names each input field at fault (400). Another workspace's resources answer 404,
exactly like missing ones.`;

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const RATE_LIMIT_HEADERS = { 'RateLimit-Policy': headerRef('RateLimit-Policy'), RateLimit: headerRef('RateLimit') };

const acceptsApiKey = (route: RouteConfig) =>
  route.security?.some((requirement) => SECURITY_SCHEMES.apiKey in requirement) ?? false;

/** Answers every authenticated route may give because of its scheme, whether or not its definition lists them. */
const securityResponses = (route: RouteConfig) => {
  if (!route.security?.length) return {};
  const { 401: unauthenticated, 403: forbidden, 429: limited } = errorResponses(401, 403, 429);
  if (!acceptsApiKey(route)) return { 401: unauthenticated, 403: forbidden };
  return {
    401: unauthenticated,
    403: forbidden,
    429: { ...limited, headers: { 'Retry-After': headerRef('Retry-After') } },
  };
};

/**
 * The route as documented: its tag, an operation id, the answers its security implies, and on a route that takes
 * keys the rate limit headers of every answer given once a key is accepted (all but 401).
 */
const documented = (tag: string, key: string, route: RouteConfig): RouteConfig => {
  const withRateLimit = acceptsApiKey(route);
  const responses = Object.fromEntries(
    Object.entries({ ...securityResponses(route), ...route.responses }).map(([status, response]) => [
      status,
      withRateLimit && status !== '401' && !('$ref' in response)
        ? { ...response, headers: { ...RATE_LIMIT_HEADERS, ...response.headers } }
        : response,
    ]),
  );
  return { ...route, tags: [tag], operationId: operationId(tag, key), responses };
};

/** `API keys` + `create` → `apiKeysCreate`: unique, and usable as a function name by client generators. */
const operationId = (tag: string, key: string) => {
  const words = [...tag.split(' '), key];
  return words
    .map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
};

const generate = (publicUrl: string, isProduction: boolean): OpenApiDocument => {
  // An OpenAPIHono only for its registry and 3.1 generator: the same that register the routes the server mounts.
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', SECURITY_SCHEMES.session, {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName(isProduction),
    description: 'The session of a signed-in browser (HttpOnly; set by signing in).',
  });
  registry.registerComponent('securitySchemes', SECURITY_SCHEMES.apiKey, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}…`,
    description: `A personal API key, \`Authorization: Bearer ${API_KEY_PREFIX}…\`; a \`read\` key may only GET.`,
  });
  registry.registerComponent('headers', 'RateLimit-Policy', {
    description: `With an API key: the key's quota, \`"api-key";q=${requests};w=${windowSeconds}\`.`,
    schema: { type: 'string' },
  });
  registry.registerComponent('headers', 'RateLimit', {
    description:
      'With an API key: the requests left in the window and the seconds until it resets, `"api-key";r=…;t=…`.',
    schema: { type: 'string' },
  });
  registry.registerComponent('headers', 'Retry-After', {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' },
  });
  for (const { tag, routes } of ALL_ROUTE_GROUPS)
    for (const [key, route] of Object.entries(routes)) registry.registerPath(documented(tag, key, route));

  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: 'Agentcast API', version: serverPackage.version, description: DESCRIPTION },
    servers: [{ url: publicUrl }],
    tags: ALL_ROUTE_GROUPS.map(({ tag, description }) => ({ name: tag, description })),
  });
};

const cache = new Map<string, OpenApiDocument>();

/** The OpenAPI 3.1 document of every route of the contract, generated once per server (public URL, production). */
export const openApiDocument = (publicUrl: string, isProduction: boolean) => {
  const key = `${publicUrl} ${isProduction}`;
  const document = cache.get(key) ?? generate(publicUrl, isProduction);
  cache.set(key, document);
  return document;
};
