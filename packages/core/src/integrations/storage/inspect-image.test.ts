import { randomBytes } from 'node:crypto';
import { UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage } from './inspect-image.ts';

const canvas = (width = 40, height = 20) => sharp({ create: { width, height, channels: 3, background: '#c33' } });
const metadataOf = (body: Buffer) => sharp(body, { animated: true }).metadata();
const refusal = expect.objectContaining({
  name: 'AppError',
  code: 'VALIDATION_FAILED',
  message: UPLOAD_MESSAGES.notAnImage,
});

describe('inspectImage', () => {
  it('keeps PNG, WebP and AVIF in their own format', async () => {
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ] as const) {
      const image = await inspectImage(await canvas().toFormat(format).toBuffer());
      expect(image).toMatchObject({ contentType, extension: format });
      expect((await metadataOf(image.body)).width).toBe(40);
    }
  });

  it('strips EXIF and GPS data from a JPEG and applies its orientation', async () => {
    const input = await canvas()
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Make: 'SecretCam', Copyright: 'Someone' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' },
        },
      })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const image = await inspectImage(input);

    expect(image).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg' });
    const metadata = await sharp(image.body).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.body.includes('SecretCam')).toBe(false);
  });

  it('keeps the frames of an animated GIF', async () => {
    const frames = await Promise.all(
      ['red', 'blue', 'green'].map((colour) =>
        sharp({ create: { width: 16, height: 16, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();

    const image = await inspectImage(gif);

    expect(image).toMatchObject({ contentType: 'image/gif', extension: 'gif' });
    expect(await metadataOf(image.body)).toMatchObject({ format: 'gif', pages: 3 });
  });

  it('turns a TIFF into a PNG', async () => {
    const image = await inspectImage(await canvas().tiff().toBuffer());
    expect(image).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect((await metadataOf(image.body)).format).toBe('png');
  });

  it('rasterises an SVG so that its script is never stored', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><script>alert(document.cookie)</script>' +
        '<rect width="30" height="30" fill="red"/></svg>',
    );

    const image = await inspectImage(svg);

    expect(image).toMatchObject({ contentType: 'image/png', extension: 'png' });
    expect(image.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image.body.includes('<script')).toBe(false);
  });

  it('scales an image larger than 4096 pixels to fit within 4096×4096', async () => {
    const image = await inspectImage(await canvas(6000, 1500).png().toBuffer());
    expect(await metadataOf(image.body)).toMatchObject({ width: 4096, height: 1024 });
  });

  it('refuses a small file that would decode to more pixels than it is willing to handle', async () => {
    const bomb = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="1" height="1"/></svg>',
    );
    await expect(inspectImage(bomb)).rejects.toThrow(refusal);
  });

  it('refuses a text file, random bytes and an empty file with the contracts message', async () => {
    for (const input of [Buffer.from('Not a picture, just text.'), randomBytes(2048), Buffer.alloc(0)]) {
      await expect(inspectImage(input)).rejects.toThrow(refusal);
    }
  });

  it('refuses a truncated image', async () => {
    const png = await canvas(200, 200).png().toBuffer();
    await expect(inspectImage(png.subarray(0, png.length / 2))).rejects.toThrow(refusal);
  });
});
