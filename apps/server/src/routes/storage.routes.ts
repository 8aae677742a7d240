import { Hono } from 'hono';
import type { StorageDriver } from '@agentcast/core/integrations/storage/storage-driver';
import type { AppEnv } from '../app-env.ts';

/** A file name safe in a header without encoding: letters, digits, dot, dash and underscore. */
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;

/**
 * `?download=<name>` asks for the file as an attachment (the terminal's "Download"): the name asked when it is safe
 * and keeps the stored file's extension, else the stored file's own name. An attachment downloads even where the
 * link's `download` attribute does not apply (PUBLIC_URL on another origin than the page).
 */
const attachmentHeader = (path: string, asked: string | undefined) => {
  if (asked === undefined) return undefined;
  const stored = path.split('/').at(-1) ?? 'file';
  const extension = stored.includes('.') ? stored.slice(stored.lastIndexOf('.')) : '';
  const name = SAFE_FILE_NAME.test(asked) && asked.endsWith(extension) ? asked : stored;
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
};

/**
 * Public images of the local storage driver (/storage/images/...). Every stored image was re-encoded at upload and
 * is served with the content type sniffed then; the security-headers middleware sandboxes these responses.
 */
export const createStorageRoutes = (storage: StorageDriver) =>
  new Hono<AppEnv>().get('/images/*', async (c) => {
    const path = c.req.path.replace(/^\/storage\/images\//, '');
    const file = await storage.get('images', path).catch(() => null);
    if (!file) return c.json({ code: 'NOT_FOUND', message: 'File not found' }, 404);
    const disposition = attachmentHeader(path, c.req.query('download'));
    return c.body(new Uint8Array(file.body), 200, {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      ...(disposition && { 'content-disposition': disposition }),
    });
  });
