import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { apiErrorBodySchema } from '../api-error.ts';

/**
 * One route of the API, defined once (docs/decisions/020-one-route-definition.md): the server mounts it with
 * @hono/zod-openapi, which validates each request with its schemas and types the handler's answer; the web calls it
 * through its typed caller (apps/web/src/api/call-api.ts), which takes the path, the inputs and the answer's type
 * from the same object; and the same definitions can describe the API as an OpenAPI document. Paths are whole
 * (`/api/agents/{id}`), as a client writes them.
 */
export const defineRoute = <const Route extends RouteConfig>(route: Route) => route;

/** A JSON body or answer of this schema. */
export const jsonContent = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const ERROR_DESCRIPTIONS = {
  400: 'The input is not valid; `fieldErrors` names each field at fault.',
  401: 'Not signed in.',
  403: 'Not allowed: no membership token, or a request from another site.',
  404: 'No such resource among this account’s (another account’s answers the same).',
  409: 'The change conflicts with what is saved.',
  413: 'The request body is larger than the route accepts.',
  415: 'The body is not of a type the route accepts.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  502: 'A service the server depends on failed.',
  504: 'The work goes on, but the answer could not wait for it.',
} as const;

/** The error answers a route may give, all `{ code, message, fieldErrors? }`. */
export const errorResponses = <const Status extends keyof typeof ERROR_DESCRIPTIONS>(...statuses: Status[]) =>
  Object.fromEntries(
    statuses.map((status) => [status, jsonContent(apiErrorBodySchema, ERROR_DESCRIPTIONS[status])]),
  ) as {
    [Code in Status]: ReturnType<typeof jsonContent<typeof apiErrorBodySchema>>;
  };
