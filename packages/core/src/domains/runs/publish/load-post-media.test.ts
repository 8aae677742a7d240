import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLocalStorageDriver } from '../../../integrations/storage/local-storage-driver.ts';
import { loadPostMedia } from './load-post-media.ts';

const storage = createLocalStorageDriver({
  rootDir: mkdtempSync(join(tmpdir(), 'agentcast-media-forms-')),
  publicBaseUrl: 'https://agentcast.example.com',
});

const storedCard = async () => {
  const path = `agent-media/user-1_${Date.now()}.png`;
  const body = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#7c3aed80' } })
    .png()
    .toBuffer();
  await storage.put({ bucket: 'images', path, body, contentType: 'image/png' });
  return { kind: 'image' as const, path, contentType: 'image/png', url: storage.publicImageUrl(path) };
};

describe("a platform's forms of a run's media", () => {
  it('hands the original with its public URL when the platform takes it as it is', async () => {
    const card = await storedCard();
    const [medium] = await loadPostMedia({ storage }, [card]);
    expect(medium).toMatchObject({ contentType: 'image/png', publicUrl: card.url });
  });

  it('makes the JPEG once, beside the original, even when two deliveries ask at the same moment', async () => {
    const card = await storedCard();
    const [first, second] = await Promise.all([
      loadPostMedia({ storage }, [card], { image: 'jpeg' }),
      loadPostMedia({ storage }, [card], { image: 'jpeg' }),
    ]);
    const jpegUrl = card.url.replace(/\.png$/, '-rendition.jpg');
    expect(first?.[0]).toMatchObject({ contentType: 'image/jpeg', publicUrl: jpegUrl });
    expect(second?.[0]?.publicUrl).toBe(jpegUrl);
    const stored = await storage.get('images', card.path.replace(/\.png$/, '-rendition.jpg'));
    expect(first?.[0]?.bytes.equals(stored!.body)).toBe(true);
    expect(second?.[0]?.bytes.equals(stored!.body)).toBe(true);
    expect(await sharp(stored!.body).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 20 });
  });
});
