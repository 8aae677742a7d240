import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** Files as Playwright's setInputFiles takes them. */
export const pngFile = async (name = 'avatar.png') => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 96, height: 96, channels: 3, background: { r: 34, g: 211, b: 238 } } })
    .png()
    .toBuffer(),
});

export const pdfFile = async (name = 'playbook.pdf') => {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([400, 300]).drawText('How we write about markets', { x: 30, y: 250, size: 14, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await document.save()) };
};
