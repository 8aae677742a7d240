import type { RouteConfig } from '@hono/zod-openapi';
import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

type ObjectSchema = z.ZodObject;

/** One tool: a route of the contract, what an assistant is told about it, and where each argument goes. */
export type McpTool = {
  /** As tools/list describes it. */
  definition: Tool;
  route: Pick<RouteConfig, 'method' | 'path'>;
  /** The route's path parameters, each an id (a UUID): checked here, before they become a path. */
  params: ObjectSchema;
  /** Arguments sent in the query string; every other argument that is not a path parameter goes in the JSON body. */
  queryNames: ReadonlySet<string>;
  hasBody: boolean;
};

type ToolOptions = {
  name: string;
  title: string;
  description: string;
  annotations: Omit<ToolAnnotations, 'title'>;
  /** The body's fields as the tool takes them, when not the route's own JSON body (an edit takes its fields). */
  body?: ObjectSchema;
  /** What an argument means, where the route's schemas do not say it (e.g. whose id `id` is). */
  describe?: Record<string, string>;
};

const EMPTY = z.object({});

const objectSchema = (schema: unknown, part: string, route: RouteConfig): ObjectSchema | undefined => {
  if (schema === undefined) return undefined;
  if (schema instanceof z.ZodObject) return schema;
  throw new Error(`${route.method} ${route.path}: the ${part} schema must be a zod object to become a tool's input`);
};

const jsonBodySchema = (route: RouteConfig) => {
  const media = route.request?.body?.content['application/json'];
  return media && 'schema' in media ? media.schema : undefined;
};

/**
 * A tool's path parameters are the ids of what it acts on, and must look like one (a UUID) before they go into a
 * path: `..` or `.` would otherwise be a path segment of their own, and the request would reach another route.
 */
const idParams = (params: ObjectSchema) =>
  z.object(
    Object.fromEntries(
      Object.keys(params.shape).map((name) => [
        name,
        z.uuid({ error: `${name} must be an id as the tools give it (a UUID, e.g. from list_agents or list_drafts).` }),
      ]),
    ),
  );

/**
 * A tool over one route (decision 020: the route is defined once). Its input schema is the route's own zod schemas
 * of path parameters, query and JSON body side by side, described as JSON Schema as the SDK's McpServer would
 * (draft-07, the input side of transforms); the refinements across fields stay with the API, which checks every call.
 */
export const defineTool = (route: RouteConfig, options: ToolOptions): McpTool => {
  const params = idParams(objectSchema(route.request?.params, 'params', route) ?? EMPTY);
  const query = objectSchema(route.request?.query, 'query', route) ?? EMPTY;
  const routeBody = objectSchema(jsonBodySchema(route), 'body', route);
  const body = options.body ?? routeBody ?? EMPTY;
  const parts = [params.shape, query.shape, body.shape];
  const names = parts.flatMap((shape) => Object.keys(shape));
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated)
    throw new Error(
      `${options.name}: the argument "${repeated}" appears in more than one of the path, the query and the body`,
    );

  // The contract's schemas are all zod's classic ones, which can carry a description.
  const shape: Record<string, z.ZodType> = Object.assign({}, ...parts);
  for (const [name, description] of Object.entries(options.describe ?? {})) {
    const field = shape[name];
    if (!field) throw new Error(`${options.name}: no argument "${name}" to describe`);
    shape[name] = field.describe(description);
  }
  const inputSchema = z.toJSONSchema(z.object(shape), { target: 'draft-7', io: 'input' }) as Tool['inputSchema'];
  return {
    definition: {
      name: options.name,
      title: options.title,
      description: options.description,
      inputSchema,
      annotations: { title: options.title, ...options.annotations },
    },
    route,
    params,
    queryNames: new Set(Object.keys(query.shape)),
    hasBody: routeBody !== undefined,
  };
};
