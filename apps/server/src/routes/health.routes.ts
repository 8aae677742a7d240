import { Hono } from 'hono';

/**
 * Liveness for load balancers and `npm run bench`. The server only starts listening once migrations have run,
 * so any answer from here means the schema is current.
 */
export const createHealthRoutes = () => new Hono().get('/', (c) => c.json({ status: 'ok' }));
