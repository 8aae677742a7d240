import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorageDriver } from '@agentcast/core/integrations/storage/local-storage-driver';
import { createStorageRoutes } from './storage.routes.ts';

const rootDir = mkdtempSync(join(tmpdir(), 'storage-routes-'));
const storage = createLocalStorageDriver({ rootDir, publicBaseUrl: 'http://localhost' });
// Mounted where app.ts mounts it.
const app = new Hono().route('/storage', createStorageRoutes(storage));
const PATH = 'agent-media/user-1_1700000000000.png';
const get = (query = '') => app.request(`/storage/images/${PATH}${query}`);

beforeAll(async () => {
  await storage.put({ bucket: 'images', path: PATH, body: Buffer.from('png bytes'), contentType: 'image/png' });
});
afterAll(() => rmSync(rootDir, { recursive: true, force: true }));

describe('stored images', () => {
  it('are shown inline, with their content type', async () => {
    const answer = await get();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBeNull();
  });

  it('download as an attachment under the name asked, when it is safe and keeps the extension', async () => {
    const answer = await get('?download=steady-poster-2026-11-24.png');
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="steady-poster-2026-11-24.png"');
    expect(Buffer.from(await answer.arrayBuffer()).toString()).toBe('png bytes');
  });

  it('download under the stored name when the name asked is unsafe or changes the type', async () => {
    for (const asked of ['1', '../x.png', 'a"b.png', 'poster.exe', 'quote\r\nx.png'])
      expect((await get(`?download=${encodeURIComponent(asked)}`)).headers.get('content-disposition')).toBe(
        'attachment; filename="user-1_1700000000000.png"',
      );
  });
});
