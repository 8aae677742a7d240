import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorageDriver } from './local-storage-driver.ts';

const freshDriver = () => {
  const parent = mkdtempSync(join(tmpdir(), 'agentcast-storage-'));
  const rootDir = join(parent, 'root');
  return { parent, rootDir, driver: createLocalStorageDriver({ rootDir, publicBaseUrl: 'https://agentcast.test/' }) };
};

/** Every file under a directory, relative to it. */
const filesUnder = (directory: string) =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1));

describe('createLocalStorageDriver', () => {
  it('writes, reads and deletes an object under {rootDir}/{bucket}/{path}', async () => {
    const { rootDir, driver } = freshDriver();
    const body = Buffer.from('picture bytes');

    await driver.put({ bucket: 'images', path: 'agent-images/u1_1700000000000.png', body, contentType: 'image/png' });

    expect(filesUnder(rootDir)).toEqual(['images/agent-images/u1_1700000000000.png']);
    expect(await driver.get('images', 'agent-images/u1_1700000000000.png')).toEqual({ body, contentType: 'image/png' });
    await driver.delete('images', 'agent-images/u1_1700000000000.png');
    expect(await driver.get('images', 'agent-images/u1_1700000000000.png')).toBeNull();
  });

  it('answers null for a missing object and accepts deleting it', async () => {
    const { driver } = freshDriver();
    expect(await driver.get('trainingfiles', 'u1_1700000000000.pdf')).toBeNull();
    await expect(driver.delete('trainingfiles', 'u1_1700000000000.pdf')).resolves.toBeUndefined();
  });

  it('refuses to overwrite an existing object and keeps the first one', async () => {
    const { rootDir, driver } = freshDriver();
    const put = (text: string) =>
      driver.put({ bucket: 'trainingfiles', path: 'u1_1700000000000.pdf', body: Buffer.from(text), contentType: 'x' });

    await put('first');
    await expect(put('second')).rejects.toThrow();

    expect((await driver.get('trainingfiles', 'u1_1700000000000.pdf'))?.body.toString()).toBe('first');
    expect(filesUnder(rootDir)).toEqual(['trainingfiles/u1_1700000000000.pdf']);
  });

  it('serves each file with the content type of its extension', async () => {
    const { driver } = freshDriver();
    const cases = {
      'a_1.txt': 'text/plain; charset=utf-8',
      'a_1.jpg': 'image/jpeg',
      'a_1.pdf': 'application/pdf',
      'a_1.mov': 'video/quicktime',
    };
    for (const [path, contentType] of Object.entries(cases)) {
      // The type given on writing is not kept on disk: it follows from the extension.
      await driver.put({
        bucket: 'trainingfiles',
        path,
        body: Buffer.from('x'),
        contentType: 'application/octet-stream',
      });
      expect((await driver.get('trainingfiles', path))?.contentType).toBe(contentType);
    }
  });

  it('refuses paths that could leave the bucket and writes nothing anywhere', async () => {
    const { parent, driver } = freshDriver();
    for (const path of ['../../x.png', '/etc/passwd', 'a//b.png', 'a\\b.png', '', 'x.PNG', '.png', 'a/../b.png']) {
      const body = Buffer.from('x');
      await expect(driver.put({ bucket: 'images', path, body, contentType: 'image/png' })).rejects.toThrow(/Unsafe/);
      await expect(driver.get('images', path)).rejects.toThrow(/Unsafe/);
      await expect(driver.delete('images', path)).rejects.toThrow(/Unsafe/);
    }
    expect(filesUnder(parent)).toEqual([]);
  });

  it('gives the public URL of an image under /storage/images', () => {
    const { driver } = freshDriver();
    expect(driver.publicImageUrl('agent-images/u1_1700000000000.png')).toBe(
      'https://agentcast.test/storage/images/agent-images/u1_1700000000000.png',
    );
    expect(() => driver.publicImageUrl('../secret.png')).toThrow(/Unsafe/);
  });
});
