import { Hono } from 'hono';
import { referenceRoutes } from '@agentcast/contracts/api/reference-routes';
import type { AppEnv } from '../app-env.ts';
import { apiReferencePage } from '../http/api-reference-page.ts';
import { createApiRouter } from '../http/api-router.ts';
import { openApiDocument } from '../http/openapi-document.ts';
import { apiReferenceAssets } from '../static/api-reference-assets.ts';

/** The document changes only with a deploy: caches may keep it a while, and must ask again after. */
const DOCUMENT_CACHE = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The API described: GET /api/openapi.json (public, generated from the contract's route definitions) and its
 * reference page GET /docs/api, whose renderer (Swagger UI) and the page's own script and stylesheet are served from
 * content-named addresses and loaded on that page only. Mounted before the SPA, whose history fallback would otherwise
 * answer /docs/api with the app.
 */
export const createOpenApiRoutes = ({ publicUrl, isProduction }: { publicUrl: string; isProduction: boolean }) => {
  const documentPath = referenceRoutes.openApiDocument.path;
  const api = createApiRouter().openapi(referenceRoutes.openApiDocument, (c) => {
    c.header('Cache-Control', DOCUMENT_CACHE);
    return c.json(openApiDocument(publicUrl, isProduction), 200);
  });
  const page = new Hono<AppEnv>()
    .get('/docs/api', async (c) => {
      const { swaggerStylesheet, pageStylesheet, swaggerScript, initScript } = await apiReferenceAssets();
      c.header('Cache-Control', 'no-cache');
      return c.html(
        apiReferencePage({
          stylesheets: [swaggerStylesheet.path, pageStylesheet.path],
          scripts: [swaggerScript.path, initScript.path],
          documentUrl: documentPath,
        }),
      );
    })
    .get('/docs/api/:file{[a-z-]+\\.[0-9a-f]{16}\\.[a-z]+}', async (c) => {
      const asset = (await apiReferenceAssets()).byPath.get(c.req.path);
      if (!asset) return c.notFound();
      const gzipped = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      return c.body(new Uint8Array(gzipped ? asset.gzipped : asset.body), 200, {
        'Content-Type': asset.contentType,
        'Cache-Control': IMMUTABLE,
        Vary: 'Accept-Encoding',
        ...(gzipped ? { 'Content-Encoding': 'gzip' } : {}),
      });
    });
  return new Hono<AppEnv>().route('/', api).route('/', page);
};
