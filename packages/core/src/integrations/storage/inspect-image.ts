import { UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import type { Metadata } from 'sharp';
import { AppError } from '../../kernel/app-error.ts';

export type ImageExtension = 'png' | 'jpg' | 'gif' | 'webp' | 'avif';
export type InspectedImage = { body: Buffer; contentType: string; extension: ImageExtension };

const MAX_SIDE = 4096;
// Decoding is what costs memory: a few kilobytes can declare a gigapixel image (a "decompression bomb").
const MAX_INPUT_PIXELS = 50_000_000;

const OUTPUT = {
  png: { format: 'png', contentType: 'image/png' },
  jpg: { format: 'jpeg', contentType: 'image/jpeg' },
  gif: { format: 'gif', contentType: 'image/gif' },
  webp: { format: 'webp', contentType: 'image/webp' },
  avif: { format: 'avif', contentType: 'image/avif' },
} as const;

/**
 * What we store for each input format. HEIC becomes JPEG because browsers cannot show it; TIFF and SVG become PNG.
 * SVG in particular must never be stored: served from our origin, its scripts would run as us.
 */
const extensionFor = (metadata: Metadata): ImageExtension | null => {
  switch (metadata.format) {
    case 'jpeg':
      return 'jpg';
    case 'png':
    case 'tiff':
    case 'svg':
      return 'png';
    case 'gif':
      return 'gif';
    case 'webp':
      return 'webp';
    case 'heif':
      return metadata.compression === 'av1' ? 'avif' : 'jpg';
    default:
      return null;
  }
};

/** libvips costs about 30 MB of memory once loaded, so it is loaded with the first image, not at start-up. */
const loadSharp = async () => (await import('sharp')).default;

// sharp() itself throws (synchronously) for some inputs, such as an empty buffer.
const readMetadata = async (input: Buffer) => {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return null;
  }
};

const notAnImage = () => new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.notAnImage);

/**
 * Recognises an uploaded image by its content (never its name) and re-encodes it, which drops every metadata block
 * (EXIF, GPS location, comments) and applies the EXIF orientation, and caps its size. Byte limits are the caller's.
 */
export const inspectImage = async (input: Buffer): Promise<InspectedImage> => {
  const metadata = await readMetadata(input);
  const extension = metadata && extensionFor(metadata);
  if (!extension) throw notAnImage();

  // Only GIF and WebP keep their frames; for TIFF or HEIF, `animated` would stack every page into one tall image.
  const animated = metadata.format === 'gif' || metadata.format === 'webp';
  const output = OUTPUT[extension];
  const sharp = await loadSharp();
  try {
    const body = await sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toFormat(output.format)
      .toBuffer();
    return { body, contentType: output.contentType, extension };
  } catch {
    // Corrupt or truncated data, too many pixels, or a HEIC this build of libvips cannot decode.
    throw notAnImage();
  }
};
