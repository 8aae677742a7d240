import { UPLOAD_MESSAGES } from '@agentcast/contracts/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectPdf } from './inspect-pdf.ts';

const MINIMAL_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

const refusal = expect.objectContaining({
  name: 'AppError',
  code: 'VALIDATION_FAILED',
  message: UPLOAD_MESSAGES.notAPdf,
});

describe('inspectPdf', () => {
  it('accepts a PDF and keeps its bytes', () => {
    expect(inspectPdf(MINIMAL_PDF)).toEqual({ body: MINIMAL_PDF, contentType: 'application/pdf', extension: 'pdf' });
  });

  it('accepts a PDF after up to a kilobyte of leading junk, as PDF readers do', () => {
    expect(inspectPdf(Buffer.concat([Buffer.alloc(1024, 'j'), MINIMAL_PDF])).extension).toBe('pdf');
    expect(() => inspectPdf(Buffer.concat([Buffer.alloc(1025, 'j'), MINIMAL_PDF]))).toThrow(refusal);
  });

  it('refuses a text file, whatever it is called', () => {
    expect(() => inspectPdf(Buffer.from('Just some notes, saved as x.pdf'))).toThrow(refusal);
  });

  it('refuses a PNG and an empty file with the contracts message', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    for (const input of [png, Buffer.alloc(0)]) expect(() => inspectPdf(input)).toThrow(refusal);
  });
});
