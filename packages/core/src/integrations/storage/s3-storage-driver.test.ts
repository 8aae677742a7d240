import { startS3Fake, type S3Fake } from '@agentcast/test-fakes/s3-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3StorageDriver } from './s3-storage-driver.ts';

let fake: S3Fake;
beforeAll(async () => {
  fake = await startS3Fake();
});
afterAll(async () => {
  await fake.close();
});

const driver = () =>
  createS3StorageDriver({
    endpoint: fake.endpoint,
    region: 'us-east-1',
    accessKeyId: 'test-access-key',
    secretAccessKey: 'test-secret-key',
    forcePathStyle: true,
    buckets: { images: 'agentcast-images', trainingfiles: 'agentcast-training' },
    publicImageBaseUrl: 'https://cdn.agentcast.test/',
  });

describe('createS3StorageDriver', () => {
  it('writes, reads and deletes an object in the configured bucket', async () => {
    const storage = await driver();
    const body = Buffer.from('picture bytes');

    await storage.put({ bucket: 'images', path: 'agent-images/u1_1.png', body, contentType: 'image/png' });

    expect(fake.objects.get('agentcast-images/agent-images/u1_1.png')).toEqual({ body, contentType: 'image/png' });
    expect(await storage.get('images', 'agent-images/u1_1.png')).toEqual({ body, contentType: 'image/png' });
    await storage.delete('images', 'agent-images/u1_1.png');
    expect(fake.objects.has('agentcast-images/agent-images/u1_1.png')).toBe(false);
    expect(await storage.get('images', 'agent-images/u1_1.png')).toBeNull();
  });

  it('signs its requests and marks objects as immutable and never to be overwritten', async () => {
    const body = Buffer.from('%PDF-1.4');
    await (await driver()).put({ bucket: 'trainingfiles', path: 'u1_2.pdf', body, contentType: 'application/pdf' });

    const put = fake.requests.findLast((request) => request.method === 'PUT');
    expect(put?.path).toBe('/agentcast-training/u1_2.pdf');
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\//);
    expect(put?.headers['content-type']).toBe('application/pdf');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put?.headers['if-none-match']).toBe('*');
  });

  it('refuses to overwrite an existing object and keeps the first one', async () => {
    const storage = await driver();
    const put = (text: string) =>
      storage.put({ bucket: 'trainingfiles', path: 'u1_3.txt', body: Buffer.from(text), contentType: 'text/plain' });

    await put('first');
    await expect(put('second')).rejects.toThrow();
    expect((await storage.get('trainingfiles', 'u1_3.txt'))?.body.toString()).toBe('first');
  });

  it('answers null for a missing object and accepts deleting it', async () => {
    const storage = await driver();
    expect(await storage.get('images', 'agent-images/missing_1.png')).toBeNull();
    await expect(storage.delete('images', 'agent-images/missing_1.png')).resolves.toBeUndefined();
  });

  it('refuses unsafe paths before sending anything', async () => {
    const before = fake.requests.length;
    await expect((await driver()).get('images', '../other-bucket/x.png')).rejects.toThrow(/Unsafe/);
    expect(fake.requests).toHaveLength(before);
  });

  it('gives the public URL of an image under the public base URL', async () => {
    expect((await driver()).publicImageUrl('agent-images/u1_1.png')).toBe(
      'https://cdn.agentcast.test/agent-images/u1_1.png',
    );
  });

  it('uses a fake that turns away unsigned requests', async () => {
    const answer = await fetch(`${fake.endpoint}/agentcast-images/agent-images/u1_1.png`);
    expect(answer.status).toBe(403);
  });
});
