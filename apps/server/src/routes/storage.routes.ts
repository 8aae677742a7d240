import { Hono } from 'hono';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import type { AppEnv } from '../app-env.ts';

/**
 * Public images of the local storage driver (/storage/images/...). Every stored image was re-encoded at upload and
 * is served with the content type sniffed then; the security-headers middleware sandboxes these responses.
 */
export const createStorageRoutes = (storage: StorageDriver) =>
  new Hono<AppEnv>().get('/images/*', async (c) => {
    const path = c.req.path.replace(/^\/storage\/images\//, '');
    const file = await storage.get('images', path).catch(() => null);
    if (!file) return c.json({ code: 'NOT_FOUND', message: 'File not found' }, 404);
    return c.body(new Uint8Array(file.body), 200, {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
