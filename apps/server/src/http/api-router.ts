import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { AGENT_JSON_PART, POST_JSON_PART } from '@agentcast/contracts/api/agents-routes';
import { routeAction } from '@agentcast/contracts/api/define-route';
import { validationFailed } from '@agentcast/core/kernel/validation-failed';
import type { AppEnv } from '../app-env.ts';
import { allowAction } from '../middleware/allow-action.ts';

/** Multipart parts that carry JSON (an agent's fields, a written post): their fields' errors are named on their own. */
const JSON_PARTS: PropertyKey[] = [AGENT_JSON_PART, POST_JSON_PART];

/**
 * A router for routes defined in @agentcast/contracts/api (decision 020). Every request is validated with its route's
 * schemas before the handler runs; a refusal goes through the one error table as VALIDATION_FAILED. Fields sent as
 * JSON inside a multipart part are reported by their own names, as in a JSON body.
 */
export const createApiRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const issues =
        result.target === 'form'
          ? result.error.issues.map((issue) =>
              JSON_PARTS.includes(issue.path[0] as PropertyKey) ? { ...issue, path: issue.path.slice(1) } : issue,
            )
          : result.error.issues;
      throw validationFailed({ issues });
    },
  });

/**
 * A route of the contract as this server mounts it: behind these middleware (session, membership), then, for a
 * route that acts in a workspace, the check that the caller's role there may do what it names (allow-action.ts).
 */
export const behind = <Route extends RouteConfig>(middleware: MiddlewareHandler<AppEnv>[], route: Route) => {
  const action = routeAction(route);
  return { ...route, middleware: action ? [...middleware, allowAction(action)] : middleware };
};
