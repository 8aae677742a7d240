import { healthRoutes } from '@agentcast/contracts/api/health-routes';
import { createApiRouter } from '../http/api-router.ts';

/**
 * Liveness for load balancers and `npm run bench`. The server only starts listening once migrations have run,
 * so any answer from here means the schema is current.
 */
export const createHealthRoutes = () =>
  createApiRouter().openapi(healthRoutes.health, (c) => c.json({ status: 'ok' as const }, 200));
