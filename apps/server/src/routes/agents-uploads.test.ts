import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '@agentcast/contracts/agents';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import { startS3Fake } from '@agentcast/test-fakes/s3-server';
import { signUpVerifiedUser } from '../testing/accounts.ts';
import { agentForm, pdfDocument, pngImage, validAgent } from '../testing/fixtures.ts';
import { readJson, type HttpClient } from '../testing/http-client.ts';
import { startTestServer, type TestServer } from '../testing/start-test-server.ts';

let server: TestServer;
let owner: HttpClient;
let ownerId: string;
beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signUpVerifiedUser(server);
  owner = signedIn.browser;
  ownerId = (await readJson(await owner.get('/api/auth/get-session'))).user.id;
});
afterAll(() => server.close());

/** Every file under the storage root, as paths relative to it. */
const storedFiles = (root = join(server.dataDir, 'storage')): string[] =>
  existsSync(root)
    ? readdirSync(root, { recursive: true, encoding: 'utf8' })
        .map((entry) => join(root, entry))
        .filter((path) => statSync(path).isFile())
        .map((path) => relative(root, path))
    : [];

const createWithFiles = async (fields: unknown, files: Parameters<typeof agentForm>[1]) =>
  owner.post('/api/agents', agentForm(fields, files));

describe('agent files', () => {
  it('stores the image and the PDFs under the spec paths, whatever the browser called them', async () => {
    const response = await createWithFiles(validAgent(), {
      image: { body: await pngImage(), name: '../../escape.png' },
      trainingfiles: [{ body: await pdfDocument(), name: '../../../etc/report.pdf' }],
    });

    expect(response.status).toBe(201);
    const agent = (await readJson(response)) as Agent;
    expect(agent.image).toMatch(new RegExp(`^${server.url}/storage/images/agent-images/${ownerId}_\\d{13}\\.png$`));
    expect(agent.trainingfiles).toEqual([
      {
        url: expect.stringMatching(new RegExp(`^/api/agents/${agent.id}/trainingfiles/${ownerId}_\\d{13}\\.pdf$`)),
        name: 'report.pdf',
        size: expect.any(Number),
      },
    ]);
    for (const path of storedFiles())
      expect(path).toMatch(new RegExp(`^(images/agent-images/|trainingfiles/)${ownerId}_\\d{13}\\.(png|pdf)$`));
    expect(existsSync(join(server.dataDir, 'escape.png'))).toBe(false);
  });

  it('serves an image with its sniffed type, nosniff and a sandbox, and a PDF only to its owner', async () => {
    const pdf = await pdfDocument(['Quarterly notes']);
    const agent = (await readJson(
      await createWithFiles(validAgent(), {
        image: { body: await pngImage(), name: 'photo.jpg', type: 'image/jpeg' },
        trainingfiles: [{ body: pdf, name: 'q3.pdf' }],
      }),
    )) as Agent;

    const image = await fetch(agent.image as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');

    const download = await owner.get(agent.trainingfiles?.[0]?.url as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''q3.pdf");
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(new URL(agent.trainingfiles?.[0]?.url as string, server.url))).status).toBe(401);
  });

  it('turns an uploaded SVG into a PNG, so it can never run script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script><rect width="40" height="40" fill="red"/></svg>',
    );
    const agent = (await readJson(
      await createWithFiles(validAgent(), { image: { body: svg, name: 'logo.svg', type: 'image/svg+xml' } }),
    )) as Agent;

    const image = await fetch(agent.image as string);
    expect(agent.image).toMatch(/\.png$/);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).toString('latin1')).not.toContain('<script');
  });

  it('refuses a text file named .pdf and an image that is not one, and stores nothing', async () => {
    const before = storedFiles();
    const fakePdf = await createWithFiles(validAgent(), {
      trainingfiles: [{ body: Buffer.from('just text, not a PDF'), name: 'notes.pdf' }],
    });
    const fakeImage = await createWithFiles(validAgent(), {
      image: { body: Buffer.from('GIF? no.'), name: 'face.png' },
    });

    expect(fakePdf.status).toBe(400);
    expect((await readJson(fakePdf)).message).toBe(UPLOAD_MESSAGES.notAPdf);
    expect(fakeImage.status).toBe(400);
    expect((await readJson(fakeImage)).message).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(storedFiles()).toEqual(before);
  });

  it('answers 413 with a clear message to an oversized image and to an oversized request', async () => {
    const hugeImage = Buffer.concat([await pngImage(), Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooLargeImage = await createWithFiles(validAgent(), { image: { body: hugeImage, name: 'big.png' } });
    const tooLargeRequest = await createWithFiles(validAgent(), {
      trainingfiles: Array.from({ length: 3 }, (_, index) => ({
        body: Buffer.alloc(19 * 1024 * 1024, 37),
        name: `${index}.pdf`,
      })),
    });

    expect(tooLargeImage.status).toBe(413);
    expect((await readJson(tooLargeImage)).message).toBe(UPLOAD_MESSAGES.imageTooLarge);
    expect(tooLargeRequest.status).toBe(413);
    expect((await readJson(tooLargeRequest)).message).toBe(UPLOAD_MESSAGES.requestTooLarge);
  });

  it('removes the uploaded files when the agent row cannot be written', async () => {
    const database = server.database;
    const failNamed = "ALTER TABLE agent ADD CONSTRAINT test_refuses_doomed CHECK (name <> 'Doomed')";
    await (database.driver === 'pglite' ? database.pglite.exec(failNamed) : database.pool.query(failNamed));
    const before = storedFiles();
    try {
      const response = await createWithFiles(validAgent({ name: 'Doomed', custom_context: 'Some context' }), {
        image: { body: await pngImage(), name: 'a.png' },
        trainingfiles: [{ body: await pdfDocument(), name: 'b.pdf' }],
      });
      expect(response.status).toBe(500);
      expect(storedFiles()).toEqual(before);
    } finally {
      const restore = 'ALTER TABLE agent DROP CONSTRAINT test_refuses_doomed';
      await (database.driver === 'pglite' ? database.pglite.exec(restore) : database.pool.query(restore));
    }
  });

  it('saves the custom context as {userid}_{timestamp}_context.txt', async () => {
    await createWithFiles(validAgent({ custom_context: 'We never give financial advice.' }), {});
    expect(
      storedFiles().some((path) => new RegExp(`^trainingfiles/${ownerId}_\\d{13}_context\\.txt$`).test(path)),
    ).toBe(true);
  });

  it('replaces and removes files on edit, and the worker deletes the old ones', async () => {
    const agent = (await readJson(
      await createWithFiles(validAgent(), {
        image: { body: await pngImage(), name: 'old.png' },
        trainingfiles: [
          { body: await pdfDocument(['one']), name: 'one.pdf' },
          { body: await pdfDocument(['two']), name: 'two.pdf' },
        ],
      }),
    )) as Agent;
    const [first, second] = agent.trainingfiles ?? [];
    const form = agentForm({ description: 'Edited' }, { image: { body: await pngImage(32, 32), name: 'new.png' } });
    form.append('remove_trainingfiles', JSON.stringify([first?.url.split('/').pop()]));

    const updated = (await readJson(await owner.patch(`/api/agents/${agent.id}`, form))) as Agent;

    expect(updated.description).toBe('Edited');
    expect(updated.image).not.toBe(agent.image);
    expect(updated.trainingfiles?.map((file) => file.name)).toEqual([second?.name]);
    await expect.poll(async () => (await fetch(agent.image as string)).status, { timeout: 10_000 }).toBe(404);
    expect((await fetch(updated.image as string)).status).toBe(200);
    expect((await owner.get(first?.url as string)).status).toBe(404);
  });

  it('deletes the agent’s files when the agent is deleted', async () => {
    const agent = (await readJson(
      await createWithFiles(validAgent({ custom_context: 'ctx' }), {
        image: { body: await pngImage(), name: 'a.png' },
        trainingfiles: [{ body: await pdfDocument(), name: 'b.pdf' }],
      }),
    )) as Agent;
    const stampsOf = (paths: string[]) => paths.filter((path) => path.includes(ownerId)).sort();
    const before = stampsOf(storedFiles());

    await owner.delete(`/api/agents/${agent.id}`);

    await expect.poll(() => before.length - stampsOf(storedFiles()).length, { timeout: 10_000 }).toBe(3);
  });
});

describe('with S3 storage', () => {
  it('puts images and training files in their buckets and links the image from the public URL', async () => {
    const s3 = await startS3Fake();
    const s3Server = await startTestServer({
      s3: {
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
        buckets: { images: 'agentcast-images', trainingfiles: 'agentcast-training' },
        publicImageBaseUrl: 'https://cdn.example.com',
      },
    });
    try {
      const { browser } = await signUpVerifiedUser(s3Server);
      const response = await browser.post(
        '/api/agents',
        agentForm(validAgent(), {
          image: { body: await pngImage(), name: 'a.png' },
          trainingfiles: [{ body: await pdfDocument(), name: 'b.pdf' }],
        }),
      );
      const agent = (await readJson(response)) as Agent;

      expect(response.status).toBe(201);
      expect(agent.image).toMatch(/^https:\/\/cdn\.example\.com\/agent-images\/[A-Za-z0-9]+_\d{13}\.png$/);
      const keys = [...s3.objects.keys()];
      expect(keys.some((key) => /^agentcast-images\/agent-images\/.+\.png$/.test(key))).toBe(true);
      expect(keys.some((key) => /^agentcast-training\/.+\.pdf$/.test(key))).toBe(true);
      expect((await browser.get(agent.trainingfiles?.[0]?.url as string)).status).toBe(200);

      await browser.delete(`/api/agents/${agent.id}`);
      await expect.poll(() => s3.objects.size, { timeout: 10_000 }).toBe(0);
    } finally {
      await s3Server.close();
      await s3.close();
    }
  });
});
